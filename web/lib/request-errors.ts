/** What a page says when a request timed out (request-timeout.ts); what was typed is kept. */
export const REQUEST_TIMEOUT_MESSAGE = 'The server did not answer in time. Nothing you typed is lost: try again.';

/** Whether an error (thrown, or supabase-js's `{ error }`) is a request that timed out. */
export function isTimeoutError(error: unknown): boolean {
  const { name, message } = (error ?? {}) as { name?: unknown; message?: unknown };
  return name === 'TimeoutError' || /^TimeoutError\b/.test(String(message ?? ''));
}
