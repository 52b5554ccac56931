/** The app: adopts the page the server drew (decision 203) or draws it; loaded by ./main.tsx. */
import '../lib/style-nonce.ts';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { adoptServerClock } from '../lib/clock.ts';
import { App } from './app.tsx';
import { queryClient } from './query-client.ts';
import { holdsStoredSession, takeServerPage } from './adopt-server-page.ts';

const container = document.getElementById('root')!;
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

// Our server drew this page's first screen (decision 203): start from the answers it was drawn
// from, so the first render matches its HTML and React adopts that HTML instead of redrawing it.
const serverPage = container.firstElementChild ? takeServerPage() : undefined;
if (serverPage) {
  // Drawn for a signed-out visitor: a signed-in one's queries count as stale and are asked again.
  const asVisitor = !holdsStoredSession();
  adoptServerClock(serverPage.drawnAt);
  for (const q of serverPage.queries) queryClient.setQueryData(q.queryKey, q.data, { updatedAt: asVisitor ? q.dataUpdatedAt : 0 });
  // As a transition, React adopts the page in slices and lets the browser in between them: the
  // page is already on the screen, and a phone's main thread stays free for a tap or a scroll.
  startTransition(() => {
    hydrateRoot(container, app, {
      onRecoverableError: (error) => console.error('The server-rendered page differed from the app; it was redrawn', error),
    });
  });
} else {
  createRoot(container).render(app);
}
