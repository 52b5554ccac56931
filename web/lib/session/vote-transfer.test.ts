import type { Session } from '@supabase/supabase-js';
import { describe, expect, it, vi } from 'vitest';
import { syncVoteTransfer, VOTE_TRANSFER_KEY, type TransferApi } from './vote-transfer.ts';

function memoryStorage() {
  const data = new Map<string, string>();
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
    data,
  };
}
const session = (id: string, anonymous: boolean) => ({ user: { id, is_anonymous: anonymous } }) as unknown as Session;
const api = (): TransferApi & { begin: ReturnType<typeof vi.fn>; complete: ReturnType<typeof vi.fn> } => ({
  begin: vi.fn(async () => 'token-1'),
  complete: vi.fn(async () => ({ moved: 2, dropped: 1 })),
});

describe('syncVoteTransfer', () => {
  it('an anonymous session asks for a token once and keeps it', async () => {
    const store = memoryStorage();
    const calls = api();
    await syncVoteTransfer(session('anon-1', true), calls, store);
    await syncVoteTransfer(session('anon-1', true), calls, store);
    expect(calls.begin).toHaveBeenCalledTimes(1);
    expect(JSON.parse(store.data.get(VOTE_TRANSFER_KEY)!)).toEqual({ anonymousUserId: 'anon-1', token: 'token-1' });
  });

  it('a permanent account signed in afterwards hands the token back, once', async () => {
    const store = memoryStorage();
    const calls = api();
    await syncVoteTransfer(session('anon-1', true), calls, store);
    expect(await syncVoteTransfer(session('member', false), calls, store)).toBe(true);
    expect(calls.complete).toHaveBeenCalledWith('token-1');
    expect(store.data.has(VOTE_TRANSFER_KEY)).toBe(false);
    expect(await syncVoteTransfer(session('member', false), calls, store)).toBe(false);
    expect(calls.complete).toHaveBeenCalledTimes(1);
  });

  it('the anonymous user who signed up (same id) moves nothing; a failed call keeps the token to retry', async () => {
    const store = memoryStorage();
    const calls = api();
    await syncVoteTransfer(session('anon-1', true), calls, store);
    expect(await syncVoteTransfer(session('anon-1', false), calls, store)).toBe(false);
    expect(calls.complete).not.toHaveBeenCalled();
    expect(store.data.has(VOTE_TRANSFER_KEY)).toBe(false);

    await syncVoteTransfer(session('anon-2', true), calls, store);
    calls.complete.mockRejectedValueOnce(new Error('offline'));
    await expect(syncVoteTransfer(session('member', false), calls, store)).rejects.toThrow('offline');
    expect(store.data.has(VOTE_TRANSFER_KEY)).toBe(true);
  });

  it('ignores corrupt stored data and signed-out sessions', async () => {
    const store = memoryStorage();
    store.setItem(VOTE_TRANSFER_KEY, '{"token": 5}');
    const calls = api();
    expect(await syncVoteTransfer(session('member', false), calls, store)).toBe(false);
    expect(await syncVoteTransfer(null, calls, store)).toBe(false);
    expect(calls.complete).not.toHaveBeenCalled();
  });
});
