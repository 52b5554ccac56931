import { useState } from 'react';
import { Button } from './ui/button.tsx';

export type BadgeTheme = 'light' | 'dark';

/**
 * Issue 16: copyable HTML and Markdown that embed the project's badge (GET /badges/{id}.svg,
 * served by our server, light or dark) and link back to its page.
 */
export function badgeSnippets(projectId: string, title: string, theme: BadgeTheme = 'light', origin = window.location.origin) {
  const page = `${origin}/projects/${projectId}`;
  const img = `${origin}/badges/${projectId}.svg?theme=${theme}`;
  const alt = title.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return {
    html: `<a href="${page}" target="_blank" rel="noopener"><img src="${img}" alt="${alt}" width="250" height="54" /></a>`,
    markdown: `[![${title.replace(/[[\]\\]/g, '\\$&')}](${img})](${page})`,
  };
}

const LABELS = { html: 'Copy HTML', markdown: 'Copy Markdown' } as const;

export function BadgeSnippets({ projectId, title }: { projectId: string; title: string }) {
  const [theme, setTheme] = useState<BadgeTheme>('light');
  const snippets = badgeSnippets(projectId, title, theme);
  const [copied, setCopied] = useState<string | null>(null);
  return (
    <details className="text-sm">
      <summary className="cursor-pointer font-medium text-primary">Embed your badge</summary>
      <fieldset className="mt-2 flex gap-4">
        <legend className="sr-only">Badge theme</legend>
        {(['light', 'dark'] as const).map((t) => (
          <label key={t} className="flex items-center gap-1.5">
            <input
              type="radio"
              name={`badge-theme-${projectId}`}
              value={t}
              checked={theme === t}
              onChange={() => {
                setTheme(t);
                setCopied(null);
              }}
              className="accent-primary"
            />
            {t === 'light' ? 'Light' : 'Dark'}
          </label>
        ))}
      </fieldset>
      <img src={`/badges/${projectId}.svg?theme=${theme}`} alt="" height={54} className="mt-2 h-[54px] w-auto" />
      {(['html', 'markdown'] as const).map((kind) => (
        <div key={kind} className="mt-2 flex items-start gap-2">
          <code className="min-w-0 flex-1 break-all rounded bg-muted px-2 py-1 text-xs">{snippets[kind]}</code>
          <Button
            size="sm"
            variant="outline"
            className="w-32 shrink-0"
            onClick={() => void navigator.clipboard?.writeText(snippets[kind]).then(() => setCopied(kind))}
          >
            {copied === kind ? 'Copied' : LABELS[kind]}
          </Button>
        </div>
      ))}
    </details>
  );
}
