/**
 * Every query key of a project's page, in one place. Both sit under the projects feature's
 * `projectKeys.all` (['projects']) so a vote patches them like any list, and the server-drawn page
 * primes exactly the detail key.
 */
export const projectDetailKeys = {
  detail: (id: string) => ['projects', 'detail', id] as const,
  related: (projectId: string) => ['projects', 'related', projectId] as const,
};
