import { Component, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button, buttonVariants } from '../components/ui/button.tsx';

interface Props {
  children: ReactNode;
}
interface State {
  error: Error | null;
}

/**
 * Catches a page that throws or whose code fails to load (often a deploy replaced the old
 * chunks), keeping the header and footer. The layout keys it by path, so navigating resets it.
 */
export class PageErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error) {
    console.error(error);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const chunkFailed = /dynamically imported module|Importing a module script failed|Failed to fetch/i.test(error.message);
    return (
      <section role="alert" className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
        <h1 className="text-3xl font-bold tracking-tight">Something went wrong</h1>
        <p className="mt-4 text-muted-foreground">
          {chunkFailed
            ? 'The page could not be loaded. Check your connection, or reload for the newest version of the site.'
            : 'An unexpected error occurred. Please try again.'}
        </p>
        <div className="mt-8 flex gap-3">
          <Button onClick={() => window.location.reload()}>Reload</Button>
          <Link to="/" className={buttonVariants({ variant: 'outline' })}>
            Back to Home
          </Link>
        </div>
      </section>
    );
  }
}
