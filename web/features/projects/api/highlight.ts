/**
 * Search highlights (search_projects' title_highlight and description_highlight): the text with
 * each matched word between \x02 and \x03 (the database drops any the text itself held; decision 232).
 */
/** Where a highlight's marked words start and end (the database's \x02 and \x03, decision 232). */
export const MARK_START = '\u0002';
export const MARK_END = '\u0003';

/** A run of a highlighted text: marked or not. Shown as text, never as HTML. */
export interface HighlightPart {
  text: string;
  marked: boolean;
}

/** Splits a highlight into runs; the marker characters themselves are never shown. */
export function highlightParts(value: string): HighlightPart[] {
  const parts: HighlightPart[] = [];
  let marked = false;
  let text = '';
  for (const ch of value) {
    if (ch === MARK_START || ch === MARK_END) {
      if (text) parts.push({ text, marked });
      text = '';
      marked = ch === MARK_START;
    } else {
      text += ch;
    }
  }
  if (text) parts.push({ text, marked });
  return parts;
}
