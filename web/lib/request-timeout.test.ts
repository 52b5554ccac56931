import { afterEach, describe, expect, it, vi } from 'vitest';
import { isTimeoutError } from './request-errors.ts';
import { READ_TIMEOUT_MS, timeoutError, withTimeout, WRITE_TIMEOUT_MS } from './request-timeout.ts';

/** A fetch that never answers, until its signal aborts it (as the browser's does). */
const hangingFetch: typeof fetch = (_input, init) =>
  new Promise((_resolve, reject) => {
    init?.signal?.addEventListener('abort', () => reject(init.signal!.reason as Error));
  });

afterEach(() => vi.useRealTimers());

describe('withTimeout', () => {
  it('gives up on a write that hangs after WRITE_TIMEOUT_MS with a RequestTimeoutError', async () => {
    vi.useFakeTimers();
    const answer = withTimeout(hangingFetch)('http://x/rest/v1/project_comments', { method: 'POST' });
    const settled = expect(answer).rejects.toMatchObject({ name: 'TimeoutError' });
    await vi.advanceTimersByTimeAsync(WRITE_TIMEOUT_MS - 1);
    let done = false;
    void answer.catch(() => (done = true));
    await Promise.resolve();
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await settled;
  });

  it('gives a read longer, and the caller can still cancel it itself', async () => {
    vi.useFakeTimers();
    const read = withTimeout(hangingFetch)('http://x/rest/v1/projects');
    const readSettled = expect(read).rejects.toMatchObject({ name: 'TimeoutError' });
    await vi.advanceTimersByTimeAsync(READ_TIMEOUT_MS);
    await readSettled;

    const mine = new AbortController();
    const cancelled = withTimeout(hangingFetch)('http://x/rest/v1/projects', { signal: mine.signal });
    mine.abort(new Error('left the page'));
    await expect(cancelled).rejects.toThrow('left the page');
  });

  it('marks a network failure so postgrest-js does not retry it behind a skeleton', async () => {
    const failing: typeof fetch = () => Promise.reject(new TypeError('Failed to fetch'));
    await expect(withTimeout(failing)('http://x/rest/v1/projects')).rejects.toMatchObject({ name: 'TypeError', code: 'ABORT_ERR' });
  });

  it('passes an answer through untouched', async () => {
    const ok = new Response('[]', { status: 200 });
    await expect(withTimeout(() => Promise.resolve(ok))('http://x/rest/v1/projects')).resolves.toBe(ok);
  });
});

describe('isTimeoutError', () => {
  it('knows the thrown error and the shape supabase-js hands back', () => {
    expect(isTimeoutError(timeoutError())).toBe(true);
    expect(isTimeoutError({ message: 'TimeoutError: The server did not answer in time', code: '' })).toBe(true);
    expect(isTimeoutError({ message: 'FetchError: network down', code: '' })).toBe(false);
    expect(isTimeoutError(null)).toBe(false);
  });
});
