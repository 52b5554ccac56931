import { describe, expect, it } from 'vitest';
import { browserVoterId, readUpvoted, setUpvoted, UPVOTED_STORAGE_KEY } from './upvote-store.ts';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), data };
}

describe('upvoted projects in local storage', () => {
  it('remembers and forgets ids', () => {
    const store = memoryStorage();
    setUpvoted('p1', true, store);
    setUpvoted('p2', true, store);
    setUpvoted('p1', false, store);
    expect([...readUpvoted(store)]).toEqual(['p2']);
    expect(JSON.parse(store.data.get(UPVOTED_STORAGE_KEY)!)).toEqual(['p2']);
  });

  it('ignores corrupt or hostile stored data', () => {
    expect(readUpvoted(memoryStorage({ [UPVOTED_STORAGE_KEY]: '{not json' })).size).toBe(0);
    expect(readUpvoted(memoryStorage({ [UPVOTED_STORAGE_KEY]: '{"a":1}' })).size).toBe(0);
    expect([...readUpvoted(memoryStorage({ [UPVOTED_STORAGE_KEY]: '["ok", 5, null]' }))]).toEqual(['ok']);
  });

  it('keeps one random voter id per browser', () => {
    const store = memoryStorage();
    const id = browserVoterId(store);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(browserVoterId(store)).toBe(id);
    expect(browserVoterId(memoryStorage({ voterId: 'tampered' }))).not.toBe('tampered');
  });
});
