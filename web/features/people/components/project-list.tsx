import { useInfiniteQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { PEOPLE_MESSAGES } from '../../../../domain/people.ts';
import { Button } from '../../../components/ui/button.tsx';
import { ProjectCard, ProjectCardSkeleton, ProjectGrid, type Project } from '../../projects/index.ts';

/** A paged grid of project cards with "Show more" (pages come from the server). */
export function PagedProjects({
  queryKey,
  fetchPage,
  empty,
}: {
  queryKey: readonly unknown[];
  fetchPage: (page: number) => Promise<{ projects: Project[]; hasMore: boolean }>;
  empty: ReactNode;
}) {
  const { data, isPending, isError, hasNextPage, fetchNextPage, isFetchingNextPage } = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam }) => fetchPage(pageParam),
    initialPageParam: 0,
    getNextPageParam: (last, _all, lastParam) => (last.hasMore ? lastParam + 1 : undefined),
  });
  if (isPending) {
    return (
      <ProjectGrid>
        {[0, 1, 2].map((i) => (
          <ProjectCardSkeleton key={i} />
        ))}
      </ProjectGrid>
    );
  }
  if (isError) return <p role="alert" className="text-muted-foreground">These projects could not be loaded. Please reload the page to try again.</p>;
  const projects = data.pages.flatMap((p) => p.projects);
  if (projects.length === 0) return <>{empty}</>;
  return (
    <>
      <ProjectGrid>
        {projects.map((p) => (
          <ProjectCard key={p.id} project={p} />
        ))}
      </ProjectGrid>
      {hasNextPage && (
        <Button variant="outline" className="mt-8 w-full" disabled={isFetchingNextPage} onClick={() => void fetchNextPage()}>
          {isFetchingNextPage ? 'Loading...' : PEOPLE_MESSAGES.showMore}
        </Button>
      )}
    </>
  );
}
