/**
 * What the header's search suggests as you type: the names that search_suggest (db/migrations/0276,
 * decision 234) finds among listed projects, makers, tags and tools, grouped and turned into the
 * page each opens.
 */

export const SUGGESTION_KINDS = ['project', 'maker', 'tag', 'tool'] as const;
export type SuggestionKind = (typeof SUGGESTION_KINDS)[number];

export interface Suggestion {
  kind: SuggestionKind;
  label: string;
  value: string;
}

export const GROUP_LABELS: Record<SuggestionKind, string> = {
  project: 'Projects',
  maker: 'Makers',
  tag: 'Tags',
  tool: 'Tools',
};

/** The server answers nothing under two characters; longer text is cut as the list's search is. */
export const MIN_SUGGEST_LENGTH = 2;
const MAX_TEXT = 100;

export function normalizeText(text: string): string {
  return text.replace(/\s+/g, ' ').trim().slice(0, MAX_TEXT);
}

/** Keeps only rows of a known kind with text (the RPC's answer is data from the network). */
export function toSuggestions(rows: unknown): Suggestion[] {
  if (!Array.isArray(rows)) return [];
  return rows.flatMap((row: unknown) => {
    const r = row as Partial<Record<keyof Suggestion, unknown>>;
    const kind = SUGGESTION_KINDS.find((k) => k === r?.kind);
    return kind && typeof r.label === 'string' && typeof r.value === 'string' && r.label && r.value
      ? [{ kind, label: r.label, value: r.value }]
      : [];
  });
}

/**
 * The suggestions in the order they are shown (grouped by kind, each group in the server's order
 * of relevance), so the arrow keys walk them as the eye reads them.
 */
export function groupSuggestions(list: Suggestion[]): Array<{ kind: SuggestionKind; items: Suggestion[] }> {
  return SUGGESTION_KINDS.map((kind) => ({ kind, items: list.filter((s) => s.kind === kind) })).filter((g) => g.items.length > 0);
}

/** The page a suggestion opens. */
export function suggestionHref(s: Suggestion): string {
  switch (s.kind) {
    case 'project':
      return `/projects/${encodeURIComponent(s.value)}`;
    case 'maker':
      return `/creators/${encodeURIComponent(s.value)}`;
    case 'tag':
      return `/tags/${encodeURIComponent(s.value)}`;
    case 'tool':
      return `/projects?${new URLSearchParams({ tool: s.value })}`;
  }
}

/** Free text (Enter with no suggestion chosen) searches the list: /projects?q=… */
export function searchHref(text: string): string {
  const q = normalizeText(text);
  return q ? `/projects?${new URLSearchParams({ q })}` : '/projects';
}
