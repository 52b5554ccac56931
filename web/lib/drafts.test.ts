import { describe, expect, it } from 'vitest';
import { clearAllDrafts, clearDraft, draftKey, loadDraft, saveDraft } from './drafts.ts';

class MemoryStore {
  map = new Map<string, string>();
  get length() {
    return this.map.size;
  }
  key(i: number) {
    return [...this.map.keys()][i] ?? null;
  }
  getItem(k: string) {
    return this.map.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.map.set(k, v);
  }
  removeItem(k: string) {
    this.map.delete(k);
  }
}

const FIELDS = ['title', 'description'] as const;
type Values = { title: string; description: string };

describe('drafts', () => {
  it('keeps a user\'s typed fields and gives them back', () => {
    const s = new MemoryStore();
    saveDraft('submit', 'u1', { title: 'Radar', description: 'Live' }, s);
    expect(loadDraft<Values>('submit', 'u1', FIELDS, s)).toEqual({ title: 'Radar', description: 'Live' });
  });

  it('another user on the same browser never sees it', () => {
    const s = new MemoryStore();
    saveDraft('submit', 'u1', { title: 'Mine', description: '' }, s);
    expect(loadDraft<Values>('submit', 'u2', FIELDS, s)).toBeNull();
  });

  it('an empty form removes the draft; a submitted one is cleared', () => {
    const s = new MemoryStore();
    saveDraft('submit', 'u1', { title: 'x', description: '' }, s);
    saveDraft('submit', 'u1', { title: '  ', description: '' }, s);
    expect(s.getItem(draftKey('submit', 'u1'))).toBeNull();
    saveDraft('submit', 'u1', { title: 'x', description: '' }, s);
    clearDraft('submit', 'u1', s);
    expect(loadDraft<Values>('submit', 'u1', FIELDS, s)).toBeNull();
  });

  it('sign-out clears every user\'s drafts and nothing else', () => {
    const s = new MemoryStore();
    saveDraft('submit', 'u1', { title: 'a', description: '' }, s);
    saveDraft('submit', 'u2', { title: 'b', description: '' }, s);
    s.setItem('theme', 'dark');
    clearAllDrafts(s);
    expect([...s.map.keys()]).toEqual(['theme']);
  });

  it('ignores a broken or foreign value and unknown fields', () => {
    const s = new MemoryStore();
    s.setItem(draftKey('submit', 'u1'), '{not json');
    expect(loadDraft<Values>('submit', 'u1', FIELDS, s)).toBeNull();
    s.setItem(draftKey('submit', 'u1'), JSON.stringify({ title: 3, evil: 'x', description: 'ok' }));
    expect(loadDraft<Values>('submit', 'u1', FIELDS, s)).toEqual({ description: 'ok' });
  });
});
