import { useEffect, useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { HOME_SKELETON_ROWS } from '../../../domain/limits.ts';
import { CloseIcon, SearchIcon, StarIcon } from '../../components/icons.tsx';
import { Button, buttonVariants } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { NativeSelect } from '../../components/ui/native-select.tsx';
import { pluralize } from '../../lib/format.ts';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useLiveUpvotes } from './api/live-upvotes.ts';
import { useProjectPage } from './api/get-projects.ts';
import { useSearchFacets } from './api/search-facets.ts';
import { useSearchPage, type SearchHit } from './api/search-projects.ts';
import type { Project } from './api/types.ts';
import { useTags } from './api/tags-query.ts';
import { FilterChip } from './components/filter-chip.tsx';
import { CATEGORIES, TOOLS } from '../../../domain/catalog.ts';
import { ProjectCard, ProjectGrid } from './components/project-card.tsx';
import { ProjectCardSkeleton } from './components/project-card-skeleton.tsx';
import {
  DEFAULT_FILTERS,
  filtersToParams,
  MAX_SEARCH_LENGTH,
  normalizeSearch,
  pageCount,
  parseFilters,
  PERIODS,
  sortsFor,
  updateFilters,
  type ProjectFilters,
} from './api/filters.ts';

const SEARCH_DEBOUNCE_MS = 300;

export default function ProjectsPage() {
  const [params, setParams] = useSearchParams();
  const filters = parseFilters(params);
  const ids = useId();
  const heading = filters.featured ? 'Featured Projects' : 'All Projects';
  useDocumentTitle(heading);

  // Read the address bar at event time, not this render's filters: two quick changes (a filter,
  // then the sort) must not let the second undo the first before React has re-rendered.
  const go = (change: Partial<ProjectFilters>) =>
    setParams(filtersToParams(updateFilters(parseFilters(new URLSearchParams(window.location.search)), change)));

  // The box shows what is typed at once; the URL (and the query) follows after a pause.
  const [search, setSearch] = useState(filters.q);
  const debounced = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const lastUrlQ = useRef(filters.q);
  useEffect(() => {
    // Back/forward or a link changed ?q=: show it in the box.
    if (filters.q !== lastUrlQ.current) {
      lastUrlQ.current = filters.q;
      setSearch(filters.q);
    }
  }, [filters.q]);
  useEffect(() => {
    const q = normalizeSearch(debounced);
    if (q !== filters.q && q === normalizeSearch(search)) {
      lastUrlQ.current = q;
      go({ q });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);

  // With a search, the ranked search (search_projects) answers; without, the list.
  const listed = useProjectPage(filters);
  const searched = useSearchPage(filters);
  const { data, isPending, isError, isPlaceholderData, refetch } = filters.q ? searched : listed;
  const facets = useSearchFacets(filters).data;
  // With a search, each tool, tag, category and period shows how many matches it has (none: no number).
  const facetCount = (list: Array<{ value: string; count: number }> | undefined, value: string) =>
    (filters.q && list?.find((f) => f.value === value)?.count) || undefined;
  const tagCount = (slug: string) => (filters.q && facets?.tags.find((f) => f.slug === slug)?.count) || undefined;
  const suggestion = filters.q ? searched.data?.suggestion : null;
  useLiveUpvotes(data?.projects.map((p) => p.id) ?? []);
  useEffect(() => {
    if (isError) console.error('Failed to load projects');
  }, [isError]);

  const total = data?.total ?? 0;
  const pages = pageCount(total);
  const filtered = filters.q || filters.tools.length || filters.tags.length || filters.category || filters.featured;
  const tags = useTags();
  const toggle = <T,>(list: T[], item: T) => (list.includes(item) ? list.filter((x) => x !== item) : [...list, item]);

  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{heading}</h1>
        <p className="text-muted-foreground">
          {filters.featured ? 'Showing featured projects only.' : 'Explore everything the community has built with AI coding tools.'}
        </p>
      </header>

      <form
        role="search"
        className={`mt-8 grid grid-cols-2 gap-3 ${filters.sort === 'top' ? 'md:grid-cols-[1fr_auto_auto_auto_auto]' : 'md:grid-cols-[1fr_auto_auto_auto]'}`}
        onSubmit={(e) => e.preventDefault()}
      >
        <div className="relative col-span-2 md:col-span-1">
          <label htmlFor={`${ids}-q`} className="sr-only">
            Search projects
          </label>
          <SearchIcon className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted-foreground" />
          <Input
            id={`${ids}-q`}
            type="search"
            placeholder="Search projects..."
            className="pl-9"
            maxLength={MAX_SEARCH_LENGTH}
            value={search}
            onChange={(e) => setSearch(e.target.value.slice(0, MAX_SEARCH_LENGTH))}
          />
        </div>
        <div>
          <label htmlFor={`${ids}-tool`} className="sr-only">
            Filter by AI tool
          </label>
          <NativeSelect
            id={`${ids}-tool`}
            value={filters.tools.length === 1 ? filters.tools[0] : filters.tools.length > 1 ? 'several' : ''}
            onChange={(e) => go({ tools: e.target.value ? [e.target.value as ProjectFilters['tools'][number]] : [] })}
          >
            <option value="">All Tools</option>
            {filters.tools.length > 1 && (
              <option value="several" disabled>
                {filters.tools.join(' or ')}
              </option>
            )}
            {TOOLS.map((t) => (
              <option key={t} value={t}>
                {withCount(t, facetCount(facets?.tools, t))}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div>
          <label htmlFor={`${ids}-category`} className="sr-only">
            Filter by category
          </label>
          <NativeSelect
            id={`${ids}-category`}
            value={filters.category ?? ''}
            onChange={(e) => go({ category: (e.target.value || null) as ProjectFilters['category'] })}
          >
            <option value="">All Categories</option>
            {CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {withCount(c, facetCount(facets?.categories, c))}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className={filters.sort === 'top' ? '' : 'col-span-2 md:col-span-1'}>
          <label htmlFor={`${ids}-sort`} className="sr-only">
            Sort by
          </label>
          <NativeSelect id={`${ids}-sort`} value={filters.sort} onChange={(e) => go({ sort: e.target.value as ProjectFilters['sort'] })}>
            {sortsFor(filters.q).map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </NativeSelect>
        </div>
        {filters.sort === 'top' && (
          <div>
            <label htmlFor={`${ids}-period`} className="sr-only">
              Top of
            </label>
            <NativeSelect id={`${ids}-period`} value={filters.period} onChange={(e) => go({ period: e.target.value as ProjectFilters['period'] })}>
              {PERIODS.map((p) => (
                <option key={p.value} value={p.value}>
                  {withCount(p.label, facetCount(facets?.periods, p.value))}
                </option>
              ))}
            </NativeSelect>
          </div>
        )}
      </form>

      <div className="mt-3 flex flex-wrap items-center gap-1.5" role="group" aria-label="Filter by tools and tags">
        {TOOLS.map((t) => (
          <FilterChip key={t} pressed={filters.tools.includes(t)} onClick={() => go({ tools: toggle(filters.tools, t) })} count={facetCount(facets?.tools, t)}>
            {t}
          </FilterChip>
        ))}
        <span aria-hidden="true" className="mx-1 h-4 w-px bg-border" />
        {tags.data?.map((t) => (
          <FilterChip key={t.slug} pressed={filters.tags.includes(t.slug)} onClick={() => go({ tags: toggle(filters.tags, t.slug) })} count={tagCount(t.slug)}>
            #{t.name}
          </FilterChip>
        ))}
      </div>

      <div className="mt-4 flex min-h-8 flex-wrap items-center gap-2 text-sm text-muted-foreground">
        {!isPending && !isError && <span aria-live="polite">{pluralize(total, 'project')}</span>}
        {suggestion && (
          <span data-testid="did-you-mean">
            Did you mean{' '}
            <Link to={`?${filtersToParams(updateFilters(filters, { q: suggestion }))}`} className="font-medium text-primary hover:underline">
              {suggestion}
            </Link>
            ?
          </span>
        )}
        {filters.featured && (
          <Link
            to={`?${filtersToParams({ ...filters, featured: false, page: 1 })}`}
            className="inline-flex items-center gap-1 rounded-full bg-accent-soft px-2.5 py-1 text-xs font-medium text-accent-soft-foreground"
            aria-label="Show all projects, not only featured"
          >
            <StarIcon className="h-3 w-3" /> Featured <CloseIcon className="h-3 w-3" />
          </Link>
        )}
        {filtered && (
          <Button variant="link" size="sm" className="h-auto px-0" onClick={() => setParams(filtersToParams(DEFAULT_FILTERS))}>
            Clear filters
          </Button>
        )}
      </div>

      <section aria-labelledby={`${ids}-results`} aria-busy={isPending || isPlaceholderData} className="mt-6">
        {/* The cards' titles are h3, as on home: this keeps the outline h1 › h2 › h3. */}
        <h2 id={`${ids}-results`} className="sr-only">
          Projects
        </h2>
        {isPending ? (
          <ProjectGrid>
            {Array.from({ length: HOME_SKELETON_ROWS + 1 }, (_, i) => (
              <ProjectCardSkeleton key={i} />
            ))}
          </ProjectGrid>
        ) : isError ? (
          <div role="alert" className="rounded-xl border border-dashed border-border px-6 py-16 text-center">
            <h2 className="text-lg font-semibold">Couldn't load projects</h2>
            <p className="mt-2 text-sm text-muted-foreground">Check your connection and try again.</p>
            <Button className="mt-6" variant="outline" onClick={() => void refetch()}>
              Try again
            </Button>
          </div>
        ) : data.projects.length === 0 ? (
          <div className="rounded-xl border border-dashed border-border px-6 py-16 text-center">
            <h2 className="text-lg font-semibold">No projects found</h2>
            <p className="mt-2 text-sm text-muted-foreground">Try adjusting your filters or search terms</p>
          </div>
        ) : (
          <div className={isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
            <ProjectGrid>
              {data.projects.map((p, i) => (
                <ProjectCard
                  key={p.id}
                  project={p}
                  priority={i < 3}
                  highlight={highlightOf(p)}
                />
              ))}
            </ProjectGrid>
          </div>
        )}
      </section>

      {!isPending && !isError && pages > 1 && (
        <nav aria-label="Pagination" className="mt-12 flex items-center justify-between gap-4">
          <PageLink filters={filters} page={filters.page - 1} disabled={filters.page <= 1} label="Previous" />
          <span className="text-sm text-muted-foreground">
            Page {Math.min(filters.page, pages)} of {pages}
          </span>
          <PageLink filters={filters} page={filters.page + 1} disabled={filters.page >= pages} label="Next" />
        </nav>
      )}
    </div>
  );
}

/** A search hit's marked name and tagline; a plain list's card has none. */
function highlightOf(project: Project | SearchHit) {
  return 'titleHighlight' in project ? { title: project.titleHighlight, description: project.descriptionHighlight } : undefined;
}

/** An option's label with its search count, when there is a search: "Cursor (3)". */
function withCount(label: string, count: number | undefined): string {
  return count === undefined ? label : `${label} (${count})`;
}

function PageLink({ filters, page, disabled, label }: { filters: ProjectFilters; page: number; disabled: boolean; label: string }) {
  if (disabled) {
    return (
      <span aria-disabled="true" className={buttonVariants({ variant: 'outline', className: 'pointer-events-none opacity-50' })}>
        {label}
      </span>
    );
  }
  return (
    <Link to={`?${filtersToParams({ ...filters, page })}`} className={buttonVariants({ variant: 'outline' })}>
      {label}
    </Link>
  );
}
