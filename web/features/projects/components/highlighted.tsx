import { highlightParts } from '../api/highlight.ts';

/**
 * A search highlight shown as text: the marked words in <mark>, everything else as React text
 * nodes. Nothing in it is ever HTML, whatever a project's name holds (decision 232).
 */
export function Highlighted({ value }: { value: string }) {
  return (
    <>
      {highlightParts(value).map((part, i) =>
        part.marked ? (
          <mark key={i} className="rounded-sm bg-accent-soft px-0.5 text-accent-soft-foreground">
            {part.text}
          </mark>
        ) : (
          part.text
        ),
      )}
    </>
  );
}
