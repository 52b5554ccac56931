import { useEffect, useState } from 'react';
import { HOME_SKELETON_ROWS } from '../../../domain/limits.ts';
import { Link } from 'react-router-dom';
import { ArrowRightIcon, SparklesIcon } from '../../components/icons.tsx';
import { buttonVariants } from '../../components/ui/button.tsx';
import { SegmentedTabs, TabPanel } from '../../components/ui/segmented-tabs.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useLiveUpvotes } from '../projects/index.ts';
import { ProjectCard, ProjectCardSkeleton, ProjectGrid, TOOLS, useHomeProjects, type Tool } from '../projects/index.ts';
// Issue 16, right under the hero; in home's own chunk, its data in the page (decision 201), so it
// paints with the lists below it instead of pushing them down.
import { TodaysLaunches } from '../launches/index.ts';


const TABS = ['All', ...TOOLS] as const;
type TabValue = (typeof TABS)[number];

export default function HomePage() {
  useDocumentTitle('');
  return (
    <>
      <Hero />
      <TodaysLaunches />
      <FeaturedProjects />
      <CommunityCallToAction />
    </>
  );
}

function Hero() {
  return (
    <section className="relative overflow-hidden border-b border-border">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_at_top,var(--accent-soft),transparent_65%)]"
      />
      {/* Compact enough that a desktop visitor sees the first projects without scrolling (defect 31). */}
      <div className="relative mx-auto flex max-w-5xl flex-col items-center px-4 py-12 text-center sm:py-10">
        <span className="inline-flex items-center gap-2 rounded-full border border-border bg-background px-3 py-1 text-sm text-muted-foreground">
          <SparklesIcon className="h-4 w-4 text-primary" /> Built with Lovable, Cursor and Bolt
        </span>
        <h1 className="mt-4 text-4xl font-bold tracking-tight text-balance sm:text-5xl">Where AI Meets Human Creativity</h1>
        <p className="mt-4 max-w-2xl text-lg text-muted-foreground text-pretty">
          Discover what makers are building with AI coding tools. Browse real projects, upvote your favourites and
          share your own.
        </p>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row">
          <Link to="/projects" className={buttonVariants({ size: 'lg' })}>
            Browse Projects <ArrowRightIcon />
          </Link>
          <Link to="/submit-project" className={buttonVariants({ variant: 'outline', size: 'lg' })}>
            Share Yours
          </Link>
        </div>
      </div>
    </section>
  );
}

function FeaturedProjects() {
  const [tab, setTab] = useState<TabValue>('All');
  const tool: Tool | null = tab === 'All' ? null : tab;
  const { data, isPending, isError, refetch, isRefetching } = useHomeProjects(tool);
  // Logged (spec §8), and said as it is: visitors are not told there are no projects when the
  // request failed (README, "Project list failure"), the same as on /projects.
  useEffect(() => {
    if (isError) console.error('Failed to load projects');
  }, [isError]);
  const projects = data ?? [];
  useLiveUpvotes(projects.map((p) => p.id));

  return (
    <section aria-labelledby="featured-heading" className="mx-auto max-w-7xl px-4 pb-16 pt-8 sm:px-6 lg:px-8">
      <div className="flex flex-col gap-6 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id="featured-heading" className="text-3xl font-bold tracking-tight">
            Featured Projects
          </h2>
          <p className="mt-2 text-muted-foreground">Hand-picked highlights first, then the latest from the community.</p>
        </div>
        <SegmentedTabs label="Filter by AI tool" options={TABS} value={tab} onChange={setTab} panelId="featured-panel" />
      </div>

      <div className="mt-6">
        <TabPanel id="featured-panel" label={`${tab} projects`} busy={isPending}>
        {isPending ? (
          <ProjectGrid>
            {Array.from({ length: HOME_SKELETON_ROWS }, (_, i) => (
              <ProjectCardSkeleton key={i} />
            ))}
          </ProjectGrid>
        ) : isError ? (
          <div role="alert" className="rounded-xl border border-dashed border-border px-6 py-16 text-center">
            <h3 className="text-lg font-semibold">Couldn't load projects</h3>
            <p className="mt-2 text-sm text-muted-foreground">Check your connection and try again.</p>
            <button type="button" className={buttonVariants({ variant: 'outline', className: 'mt-6' })} disabled={isRefetching} onClick={() => void refetch()}>
              {isRefetching ? 'Trying again...' : 'Try again'}
            </button>
          </div>
        ) : projects.length === 0 ? (
          <div className="rounded-xl border border-dashed border-border px-6 py-16 text-center">
            <h3 className="text-lg font-semibold">No Projects Found</h3>
            <p className="mt-2 text-sm text-muted-foreground">
              Nothing here yet{tool ? ` for ${tool}` : ''}. Be the first to share one!
            </p>
          </div>
        ) : (
          <ProjectGrid>
            {projects.map((p, i) => (
              <ProjectCard key={p.id} project={p} priority={i < 3} />
            ))}
          </ProjectGrid>
        )}
        </TabPanel>
      </div>

      <div className="mt-12 flex justify-center">
        <Link to="/projects" className={buttonVariants({ variant: 'outline', size: 'lg' })}>
          View All Projects <ArrowRightIcon />
        </Link>
      </div>
    </section>
  );
}

function CommunityCallToAction() {
  return (
    <section className="mx-auto max-w-7xl px-4 pb-20 sm:px-6 lg:px-8">
      <div className="relative overflow-hidden rounded-2xl bg-primary px-6 py-14 text-center text-primary-foreground sm:px-12">
        <h2 className="text-3xl font-bold tracking-tight">Join Our Growing Community</h2>
        <p className="mx-auto mt-4 max-w-2xl opacity-90">
          Built something with Lovable, Cursor or Bolt? Share it with makers who get it, collect feedback and inspire
          the next build.
        </p>
        <Link
          to="/submit-project"
          className={buttonVariants({
            variant: 'secondary',
            size: 'lg',
            className: 'mt-8 bg-background text-foreground hover:bg-muted',
          })}
        >
          Submit Your Project
        </Link>
      </div>
    </section>
  );
}
