import type { ReactNode } from 'react';

/**
 * A small Markdown renderer that builds React elements, never HTML strings: whatever an author
 * types (including <script> or raw HTML) is shown as text. Supports headings, lists,
 * paragraphs, **bold**, *italic*, `code` and [links](https://…) to http(s) addresses only.
 */
export function Markdown({ source, className }: { source: string; className?: string }) {
  return <div className={className}>{blocks(source)}</div>;
}

function blocks(source: string): ReactNode[] {
  const out: ReactNode[] = [];
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (!line.trim()) {
      i++;
      continue;
    }
    const heading = /^(#{1,4})\s+(.*)$/.exec(line);
    if (heading) {
      const level = heading[1]!.length;
      const Tag = (['h2', 'h2', 'h3', 'h4'] as const)[level - 1]!;
      out.push(
        <Tag key={i} className={level <= 2 ? 'mt-8 mb-3 text-xl font-semibold' : 'mt-6 mb-2 text-lg font-semibold'}>
          {inline(heading[2]!)}
        </Tag>,
      );
      i++;
      continue;
    }
    const listItem = /^\s*(?:[-*+]|(\d+)[.)])\s+(.*)$/;
    if (listItem.test(line)) {
      const ordered = Boolean(listItem.exec(line)![1]);
      const items: ReactNode[] = [];
      while (i < lines.length && listItem.test(lines[i]!)) {
        items.push(<li key={i}>{inline(listItem.exec(lines[i]!)![2]!)}</li>);
        i++;
      }
      out.push(
        ordered ? (
          <ol key={`l${i}`} className="my-4 list-decimal space-y-1 pl-6">
            {items}
          </ol>
        ) : (
          <ul key={`l${i}`} className="my-4 list-disc space-y-1 pl-6">
            {items}
          </ul>
        ),
      );
      continue;
    }
    const para: string[] = [];
    while (i < lines.length && lines[i]!.trim() && !/^#{1,4}\s/.test(lines[i]!) && !listItem.test(lines[i]!)) {
      para.push(lines[i]!.trim());
      i++;
    }
    out.push(
      <p key={`p${i}`} className="my-4 leading-7">
        {inline(para.join(' '))}
      </p>,
    );
  }
  return out;
}

const INLINE = /(\*\*[^*]+\*\*|`[^`]+`|\*[^*\s][^*]*\*|\[[^\]]+\]\([^)\s]+\))/g;

function inline(text: string): ReactNode[] {
  return text.split(INLINE).map((part, k) => {
    if (part.startsWith('**') && part.endsWith('**') && part.length > 4) return <strong key={k}>{part.slice(2, -2)}</strong>;
    if (part.startsWith('`') && part.endsWith('`') && part.length > 2) {
      return (
        <code key={k} className="rounded bg-muted px-1 py-0.5 text-sm">
          {part.slice(1, -1)}
        </code>
      );
    }
    const link = /^\[([^\]]+)\]\(([^)\s]+)\)$/.exec(part);
    if (link) {
      const href = /^https?:\/\//i.test(link[2]!) ? link[2] : undefined;
      return href ? (
        <a key={k} href={href} rel="noopener noreferrer nofollow" className="text-primary underline">
          {link[1]}
        </a>
      ) : (
        link[1]
      );
    }
    if (part.startsWith('*') && part.endsWith('*') && part.length > 2) return <em key={k}>{part.slice(1, -1)}</em>;
    return part;
  });
}
