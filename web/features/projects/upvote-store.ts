/**
 * Which projects this browser has upvoted (spec §4), kept in localStorage so a visitor's
 * upvote survives reloads. Bad stored data is ignored rather than trusted.
 */
export const UPVOTED_STORAGE_KEY = 'upvotedProjects';
const MAX_REMEMBERED = 1000;

type StorageLike = Pick<Storage, 'getItem' | 'setItem'>;

function storage(): StorageLike | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

export function readUpvoted(store: StorageLike | undefined = storage()): Set<string> {
  try {
    const parsed: unknown = JSON.parse(store?.getItem(UPVOTED_STORAGE_KEY) ?? '[]');
    return new Set(Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string') : []);
  } catch {
    return new Set();
  }
}

export function writeUpvoted(ids: Set<string>, store: StorageLike | undefined = storage()) {
  try {
    store?.setItem(UPVOTED_STORAGE_KEY, JSON.stringify([...ids].slice(-MAX_REMEMBERED)));
  } catch {
    // Storage full or blocked: the vote still counted on the server.
  }
}

export function setUpvoted(id: string, upvoted: boolean, store: StorageLike | undefined = storage()): Set<string> {
  const ids = readUpvoted(store);
  ids.delete(id);
  if (upvoted) ids.add(id);
  writeUpvoted(ids, store);
  return ids;
}

const VOTER_STORAGE_KEY = 'voterId';

/** A random id for this browser, so a signed-out visitor's vote is counted once. */
export function browserVoterId(store: StorageLike | undefined = storage()): string {
  const existing = store?.getItem(VOTER_STORAGE_KEY);
  if (existing && /^[0-9a-f-]{36}$/.test(existing)) return existing;
  const id = crypto.randomUUID();
  try {
    store?.setItem(VOTER_STORAGE_KEY, id);
  } catch {
    // Without storage the id lasts for this page view.
  }
  return id;
}
