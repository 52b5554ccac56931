/**
 * Every request the app makes gives up after a while (issue 30 item 5, decision 222): a hung
 * server ends in a clear error the page can offer a retry for, never an endless "Posting...".
 * Writes wait WRITE_TIMEOUT_MS, reads READ_TIMEOUT_MS, storage uploads UPLOAD_TIMEOUT_MS. What a
 * page says about it, and how to tell one, is in request-errors.ts (kept out of `/`'s bundle).
 */
export const WRITE_TIMEOUT_MS = 12_000;
export const READ_TIMEOUT_MS = 20_000;
export const UPLOAD_TIMEOUT_MS = 120_000;

/**
 * The error a timed-out request ends in: supabase-js hands it on as `{ message: 'TimeoutError: ...' }`.
 * Its code tells postgrest-js not to retry it (a read that hung once would hang three more times).
 */
export const timeoutError = () => Object.assign(new Error('The server did not answer in time'), { name: 'TimeoutError', code: 'ABORT_ERR' });

/** `base` with a deadline on every request; the caller's own signal still cancels it. */
export function withTimeout(base: typeof fetch): typeof fetch {
  return (input, init) => {
    const method = init?.method ?? 'GET';
    const ms = method == 'GET' || method == 'HEAD' ? READ_TIMEOUT_MS : String(input).includes('/storage/v1/object') ? UPLOAD_TIMEOUT_MS : WRITE_TIMEOUT_MS;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(timeoutError()), ms);
    const outer = init?.signal;
    if (outer?.aborted) controller.abort(outer.reason);
    outer?.addEventListener('abort', () => controller.abort(outer.reason), { once: true });
    return base(input, { ...init, signal: controller.signal })
      .catch((error: unknown) => {
        // A network failure is the page's to show, with its "Try again", not postgrest-js's to
        // retry three times behind a skeleton (1 + 2 + 4 s); the query layer retries once.
        if (error instanceof TypeError) Object.assign(error, { code: 'ABORT_ERR' });
        throw error;
      })
      .finally(() => clearTimeout(timer));
  };
}
