import { useState } from 'react';
import { Button } from './ui/button.tsx';

/**
 * Issue 16: copyable HTML and Markdown that embed the project's badge (GET /badges/{id}.svg,
 * served by our server) and link back to its page.
 */
export function badgeSnippets(projectId: string, title: string, origin = window.location.origin) {
  const page = `${origin}/projects/${projectId}`;
  const img = `${origin}/badges/${projectId}.svg?theme=light`;
  const alt = title.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return {
    html: `<a href="${page}" target="_blank" rel="noopener"><img src="${img}" alt="${alt}" width="250" height="54" /></a>`,
    markdown: `[![${title.replace(/[[\]\\]/g, '\\$&')}](${img})](${page})`,
  };
}

export function BadgeSnippets({ projectId, title }: { projectId: string; title: string }) {
  const snippets = badgeSnippets(projectId, title);
  const [copied, setCopied] = useState<string | null>(null);
  return (
    <details className="text-sm">
      <summary className="cursor-pointer font-medium text-primary">Embed your badge</summary>
      <img src={`/badges/${projectId}.svg?theme=light`} alt="" height={54} className="mt-2 h-[54px] w-auto" />
      {(['html', 'markdown'] as const).map((kind) => (
        <div key={kind} className="mt-2 flex items-start gap-2">
          <code className="min-w-0 flex-1 break-all rounded bg-muted px-2 py-1 text-xs">{snippets[kind]}</code>
          <Button
            size="sm"
            variant="outline"
            className="w-24 shrink-0"
            aria-label={`Copy ${kind === 'html' ? 'HTML' : 'Markdown'} badge snippet`}
            onClick={() => void navigator.clipboard?.writeText(snippets[kind]).then(() => setCopied(kind))}
          >
            {copied === kind ? 'Copied' : kind === 'html' ? 'HTML' : 'Markdown'}
          </Button>
        </div>
      ))}
    </details>
  );
}
