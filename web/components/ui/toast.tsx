import * as ToastPrimitive from '@radix-ui/react-toast';
import { cn } from '../../lib/cn.ts';
import { dismissToast, useToasts } from './use-toast.ts';

export { toast } from './use-toast.ts';

/** Renders the toast queue; errors use the destructive variant and are announced assertively. */
export function Toaster() {
  const toasts = useToasts();
  const placement = toasts[0]?.placement ?? 'bottom';
  return (
    <ToastPrimitive.Provider swipeDirection="right" duration={5000}>
      {toasts.map((t) => (
        <ToastPrimitive.Root
          key={t.id}
          open={t.open}
          duration={t.duration}
          type={t.variant === 'destructive' ? 'foreground' : 'background'}
          onOpenChange={(open) => {
            if (!open) dismissToast(t.id);
          }}
          data-variant={t.variant ?? 'default'}
          data-placement={t.placement}
          className={cn(
            'toast-root pointer-events-auto relative flex w-full items-start gap-3 rounded-xl border p-4 pr-10 shadow-lg',
            t.variant === 'destructive'
              ? 'border-destructive bg-destructive text-destructive-foreground'
              : 'border-border bg-card text-foreground',
          )}
        >
          <div className="grid gap-1">
            {t.title && <ToastPrimitive.Title className="text-sm font-semibold">{t.title}</ToastPrimitive.Title>}
            {t.description && <ToastPrimitive.Description className="text-sm opacity-90">{t.description}</ToastPrimitive.Description>}
          </div>
          <ToastPrimitive.Close
            aria-label="Close"
            className="absolute right-2 top-2 rounded-md p-1 opacity-70 hover:opacity-100 focus-visible:opacity-100"
          >
            <svg viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor" aria-hidden>
              <path d="M4.3 4.3a1 1 0 0 1 1.4 0L10 8.6l4.3-4.3a1 1 0 1 1 1.4 1.4L11.4 10l4.3 4.3a1 1 0 0 1-1.4 1.4L10 11.4l-4.3 4.3a1 1 0 0 1-1.4-1.4L8.6 10 4.3 5.7a1 1 0 0 1 0-1.4Z" />
            </svg>
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      {/* Below the sticky header when on top, so the menu and account buttons stay reachable. */}
      <ToastPrimitive.Viewport
        data-placement={placement}
        className={cn('fixed right-0 z-[100] flex w-full max-w-sm flex-col gap-2 p-4 outline-none', placement === 'top' ? 'top-16' : 'bottom-0')}
      />
    </ToastPrimitive.Provider>
  );
}
