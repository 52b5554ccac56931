import { lazy, Suspense } from 'react';
import { useToasts } from './use-toast.ts';

// Radix Toast is loaded with the first toast, not with every page.
const Toaster = lazy(() => import('./toast.tsx').then((m) => ({ default: m.Toaster })));

export function LazyToaster() {
  const toasts = useToasts();
  if (toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
