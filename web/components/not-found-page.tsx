import { Link, useLocation } from 'react-router-dom';
import { buttonVariants } from './ui/button.tsx';
import { useDocumentTitle } from '../lib/use-document-title.ts';

export default function NotFoundPage() {
  const location = useLocation();
  useDocumentTitle('Page not found');
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <p className="text-sm font-semibold text-primary">404</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">Page not found</h1>
      <p className="mt-4 break-all text-muted-foreground">
        There is no page at <code className="rounded bg-muted px-1.5 py-0.5 text-sm">{location.pathname}</code>.
      </p>
      <div className="mt-8 flex gap-3">
        <Link to="/" className={buttonVariants()}>
          Back to Home
        </Link>
        <Link to="/projects" className={buttonVariants({ variant: 'outline' })}>
          Browse Projects
        </Link>
      </div>
    </section>
  );
}
