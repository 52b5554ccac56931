import { SERVER_QUERIES_ELEMENT_ID, type RenderedPage } from '../../domain/server-render.ts';

/** What the server's render of this page was drawn from (decision 203); undefined when it drew none. */
export function takeServerPage(): RenderedPage | undefined {
  const element = document.getElementById(SERVER_QUERIES_ELEMENT_ID);
  if (!element) return undefined;
  element.remove();
  try {
    const page = JSON.parse(element.textContent ?? '') as Partial<RenderedPage> | null;
    return page && typeof page.drawnAt === 'number' && Array.isArray(page.queries) ? (page as RenderedPage) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether this browser holds a session (an account's, or the anonymous one a visitor's upvote
 * opened): the server drew the page as a signed-out visitor, and what a user may see can differ
 * (their own pending projects), so its answers are then asked again, with the user's token.
 */
export function holdsStoredSession(): boolean {
  try {
    return Object.keys(window.localStorage).some((key) => /^sb-.+-auth-token$/.test(key));
  } catch {
    return false;
  }
}
