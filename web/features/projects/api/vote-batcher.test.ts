import { describe, expect, it, vi } from 'vitest';
import { createVoteBatcher } from './vote-batcher.ts';

describe('createVoteBatcher', () => {
  it('asks once for every project asked about in the same tick', async () => {
    const fetch = vi.fn(async (ids: string[]) => new Set(ids.filter((id) => id.startsWith('yes'))));
    const hasVoted = createVoteBatcher(fetch);
    const answers = await Promise.all(['yes-1', 'no-2', 'yes-3'].map((id) => hasVoted('voter', id)));
    expect(answers).toEqual([true, false, true]);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]![0].sort()).toEqual(['no-2', 'yes-1', 'yes-3']);
    // A later tick is a new request.
    expect(await hasVoted('voter', 'yes-4')).toBe(true);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('never mixes two voters in one request, and splits pages larger than a request takes', async () => {
    const fetch = vi.fn(async (ids: string[]) => new Set(ids));
    const hasVoted = createVoteBatcher(fetch);
    await Promise.all([hasVoted('a', 'p1'), hasVoted('b', 'p2')]);
    expect(fetch.mock.calls.map((c) => c[0])).toEqual([['p1'], ['p2']]);
    fetch.mockClear();
    await Promise.all(Array.from({ length: 150 }, (_, i) => hasVoted('a', `p${i}`)));
    expect(fetch.mock.calls.map((c) => c[0].length)).toEqual([100, 50]);
  });

  it('passes a failure on to every card that asked', async () => {
    const hasVoted = createVoteBatcher(async () => {
      throw new Error('offline');
    });
    await expect(Promise.all([hasVoted('a', 'p1'), hasVoted('a', 'p2')])).rejects.toThrow('offline');
  });
});
