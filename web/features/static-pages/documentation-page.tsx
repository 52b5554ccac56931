import { Markdown } from '../../components/markdown.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useDocumentation } from './api/content.ts';
import { PageShell, Section } from './components/page-shell.tsx';
import { LoadError } from './components/post-meta.tsx';

/** The published documentation sections, in the order the admin gave them. */
export default function DocumentationPage() {
  const { data: sections, isPending, isError, refetch } = useDocumentation();
  return (
    <PageShell title="Documentation" lead="Everything you need to share your AI-built projects with the community.">
      {isPending ? (
        <div className="flex flex-col gap-10" aria-busy="true" aria-label="Loading documentation">
          {[0, 1, 2, 3].map((i) => (
            <div key={i} className="flex flex-col gap-3">
              <Skeleton className="h-8 w-1/2" />
              <Skeleton className="h-20 w-full" />
            </div>
          ))}
        </div>
      ) : isError ? (
        <LoadError what="the documentation" onRetry={() => void refetch()} />
      ) : sections.length === 0 ? (
        <p className="text-center text-muted-foreground">No documentation has been published yet.</p>
      ) : (
        <>
          <nav aria-label="Sections" className="mb-10 rounded-xl border border-border bg-card p-5">
            <ol className="grid gap-1 text-sm sm:grid-cols-2">
              {sections.map((s) => (
                <li key={s.slug}>
                  <a href={`#${s.slug}`} className="text-muted-foreground hover:text-foreground">
                    {s.title}
                  </a>
                </li>
              ))}
            </ol>
          </nav>
          {sections.map((s) => (
            <Section key={s.slug} id={s.slug} title={s.title}>
              <Markdown source={s.body} className="-my-4" />
            </Section>
          ))}
        </>
      )}
    </PageShell>
  );
}
