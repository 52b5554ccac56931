// What other features may use from a project's stats page (the page itself loads by path).
export { projectStatsKeys } from './api/query-keys.ts';

/** Where a project's stats page is: linked from the maker's list and the project page. */
export function projectStatsPath(projectId: string): string {
  return `/my-projects/${projectId}/stats`;
}
