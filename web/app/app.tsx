import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { queryClient } from './query-client.ts';
import { AppRoutes } from './routes.tsx';

/** What every render of the app shares, in the browser and on the server (web/app/entry-server.tsx). */
export function AppTree({ client, router }: { client: QueryClient; router: (routes: ReactNode) => ReactNode }) {
  return <QueryClientProvider client={client}>{router(<AppRoutes />)}</QueryClientProvider>;
}

/**
 * Declarative routing (BrowserRouter), not the data router: it is about 17 KB gzip lighter on
 * the home route, and pages fetch their own data with react-query anyway.
 */
export function App() {
  return <AppTree client={queryClient} router={(routes) => <BrowserRouter>{routes}</BrowserRouter>} />;
}
