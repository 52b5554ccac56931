/**
 * Drafts of long forms (issue 30, decision 224): kept in localStorage under the signed-in user's
 * id, so a reload or a failed upload never loses typed work, and another account on the same
 * browser never sees it. Cleared when the form is submitted and for every user on sign-out.
 * Chosen files are not kept (a browser cannot store them here); the form says to pick them again.
 */
import { DRAFT_PREFIX } from './draft-sign-out.ts';

export { clearAllDrafts, DRAFT_PREFIX } from './draft-sign-out.ts';

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function browserStore(): Store | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Storage switched off (private mode in some browsers): no drafts, nothing breaks.
    return null;
  }
}

export const draftKey = (form: string, userId: string) => `${DRAFT_PREFIX}${form}:${userId}`;

/** The user's draft of this form, or null (none, another shape, or unreadable). */
export function loadDraft<T extends { [K in keyof T]: string }>(form: string, userId: string, fields: readonly (keyof T)[], store = browserStore()): Partial<T> | null {
  const raw = store?.getItem(draftKey(form, userId));
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as unknown;
    if (!parsed || typeof parsed !== 'object') return null;
    const draft: Partial<T> = {};
    for (const f of fields) {
      const v = (parsed as Record<string, unknown>)[f as string];
      if (typeof v === 'string') draft[f] = v as T[keyof T];
    }
    return Object.keys(draft).length ? draft : null;
  } catch {
    return null;
  }
}

/** Saves the draft; an all-empty form removes it instead. */
export function saveDraft(form: string, userId: string, values: Record<string, string>, store = browserStore()): void {
  if (!store) return;
  const key = draftKey(form, userId);
  try {
    if (Object.values(values).every((v) => v.trim() === '')) store.removeItem(key);
    else store.setItem(key, JSON.stringify(values));
  } catch {
    // Quota exceeded: the form still works, only without a draft.
  }
}

export function clearDraft(form: string, userId: string, store = browserStore()): void {
  store?.removeItem(draftKey(form, userId));
}
