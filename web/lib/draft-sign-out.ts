// The part of drafts (drafts.ts, decision 224) that sign-out needs, kept apart so `/` carries only it.
export const DRAFT_PREFIX = 'draft:v1:';

type Store = Pick<Storage, 'removeItem' | 'key' | 'length'>;

/** Sign-out: every draft on this browser goes, whoever wrote it. */
export function clearAllDrafts(store: Store | null = typeof window === 'undefined' ? null : window.localStorage): void {
  for (let i = store?.length ?? 0; i-- > 0; ) {
    const k = store!.key(i);
    if (k?.startsWith(DRAFT_PREFIX)) store!.removeItem(k);
  }
}
