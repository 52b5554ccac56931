/** What the cards ask: which of these projects did the current voter upvote? */
export type Fetch = (projectIds: string[]) => Promise<Set<string>>;

/**
 * A voter's own vote on one project: none, one the public count includes, or one it does not
 * include yet (a fresh or anonymous account's, decision 212), which the voter still sees counted.
 */
export type OwnVote = 'none' | 'counted' | 'pending';

/** Requests larger than this are split; a page holds 24 cards. */
const MAX_BATCH = 100;

/**
 * Batches the questions every card on a page asks while it renders into one request: each card
 * asks for its own project, and the asks of one tick go out together (`in` over their ids), so a
 * page costs one query, not one per card.
 */
export function createVoteBatcher(fetch: Fetch) {
  let batch: { voterId: string; ids: Set<string>; result: Promise<Set<string>> } | null = null;
  return function hasVoted(voterId: string, projectId: string): Promise<boolean> {
    if (!batch || batch.voterId !== voterId || batch.ids.size >= MAX_BATCH) {
      const ids = new Set<string>();
      const result = new Promise<Set<string>>((resolve, reject) => {
        setTimeout(() => {
          if (batch?.ids === ids) batch = null;
          fetch([...ids]).then(resolve, reject);
        }, 0);
      });
      batch = { voterId, ids, result };
    }
    batch.ids.add(projectId);
    return batch.result.then((voted) => voted.has(projectId));
  };
}
