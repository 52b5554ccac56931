import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';

/** The common frame of the static pages: a heading band and a readable column. */
export function PageShell({ title, lead, children, wide = false }: { title: string; lead?: ReactNode; children: ReactNode; wide?: boolean }) {
  useDocumentTitle(title);
  return (
    <div>
      <div className="border-b border-border bg-[radial-gradient(ellipse_at_top,var(--accent-soft),transparent_70%)]">
        <div className={`mx-auto px-4 py-14 sm:px-6 lg:px-8 ${wide ? 'max-w-6xl' : 'max-w-3xl'}`}>
          <h1 className="text-4xl font-bold tracking-tight">{title}</h1>
          {lead && <div className="mt-4 text-lg text-muted-foreground">{lead}</div>}
        </div>
      </div>
      <div className={`mx-auto px-4 py-12 sm:px-6 lg:px-8 ${wide ? 'max-w-6xl' : 'max-w-3xl'}`}>{children}</div>
    </div>
  );
}

export function Section({ id, title, children }: { id?: string; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={id ? `${id}-title` : undefined} className="mt-12 scroll-mt-24 first:mt-0">
      <h2 id={id ? `${id}-title` : undefined} className="text-2xl font-bold tracking-tight">
        {title}
      </h2>
      <div className="mt-4 flex flex-col gap-4 leading-relaxed text-foreground/90">{children}</div>
    </section>
  );
}

/** Legal pages: numbered sections and the date they last changed. */
export function LegalPage({ title, updated, intro, sections }: { title: string; updated: string; intro: string; sections: Array<{ title: string; body: ReactNode }> }) {
  return (
    <PageShell title={title} lead={<p className="text-base">Last updated {updated}</p>}>
      <p className="leading-relaxed text-foreground/90">{intro}</p>
      <nav aria-label="Sections" className="mt-8 rounded-xl border border-border bg-card p-5">
        <ol className="grid gap-1 text-sm sm:grid-cols-2">
          {sections.map((s, i) => (
            <li key={s.title}>
              <a href={`#section-${i + 1}`} className="text-muted-foreground hover:text-foreground">
                {i + 1}. {s.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      <div className="mt-10">
        {sections.map((s, i) => (
          <Section key={s.title} id={`section-${i + 1}`} title={`${i + 1}. ${s.title}`}>
            {s.body}
          </Section>
        ))}
      </div>
    </PageShell>
  );
}
