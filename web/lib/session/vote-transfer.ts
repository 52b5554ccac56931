import type { Session, SupabaseClient } from '@supabase/supabase-js';

/**
 * A visitor who upvoted and then signs in to an existing account must not vote twice: their
 * anonymous votes join the account (decision 122). While the session is anonymous the browser
 * keeps a transfer token (begin_vote_transfer); once a permanent account is signed in here —
 * password, GitHub, an e-mail link — it hands the token back (complete_vote_transfer).
 */
export const VOTE_TRANSFER_KEY = 'showcase.vote-transfer';

interface StoredTransfer {
  anonymousUserId: string;
  token: string;
}

type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface TransferApi {
  begin(): Promise<string>;
  complete(token: string): Promise<{ moved: number; dropped: number }>;
}

/** The two database functions (db/migrations/0091), called as the session in `client`. */
export function rpcTransferApi(client: SupabaseClient): TransferApi {
  return {
    async begin() {
      const { data, error } = await client.rpc('begin_vote_transfer');
      if (error) throw error;
      return data as string;
    },
    async complete(token) {
      const { data, error } = await client.rpc('complete_vote_transfer', { transfer_token: token });
      if (error) throw error;
      return data as { moved: number; dropped: number };
    },
  };
}

function browserStorage(): StorageLike | undefined {
  try {
    return import.meta.env.SSR ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

function read(store: StorageLike): StoredTransfer | null {
  try {
    const parsed = JSON.parse(store.getItem(VOTE_TRANSFER_KEY) ?? 'null') as Partial<StoredTransfer> | null;
    return typeof parsed?.anonymousUserId === 'string' && typeof parsed.token === 'string'
      ? { anonymousUserId: parsed.anonymousUserId, token: parsed.token }
      : null;
  } catch {
    return null;
  }
}

/**
 * Brings the stored token in line with the session: an anonymous session gets one, a permanent
 * one hands back the token of another (anonymous) user. Answers whether votes moved, so the
 * caller can refresh what it shows.
 */
export async function syncVoteTransfer(
  session: Session | null,
  api: TransferApi,
  store: StorageLike | undefined = browserStorage(),
): Promise<boolean> {
  if (!store || !session) return false;
  const stored = read(store);
  if (session.user.is_anonymous) {
    if (stored?.anonymousUserId === session.user.id) return false;
    const token = await api.begin();
    store.setItem(VOTE_TRANSFER_KEY, JSON.stringify({ anonymousUserId: session.user.id, token } satisfies StoredTransfer));
    return false;
  }
  if (!stored) return false;
  if (stored.anonymousUserId === session.user.id) {
    // The anonymous user signed up: same account, nothing to move.
    store.removeItem(VOTE_TRANSFER_KEY);
    return false;
  }
  const { moved, dropped } = await api.complete(stored.token);
  store.removeItem(VOTE_TRANSFER_KEY);
  return moved + dropped > 0;
}
