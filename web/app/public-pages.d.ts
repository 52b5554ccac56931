/**
 * The router's view of domain/public-routes.ts, made at build time by vite.config.ts
 * (`publicPagesForTheRouter`, decision 218): each public route's path, and its page module to load
 * on demand. Home (path '') has none: it is bundled with the entry.
 */
declare module 'virtual:public-pages' {
  import type { ComponentType } from 'react';

  export const PUBLIC_PAGES: ReadonlyArray<{ path: string; load?: () => Promise<{ default: ComponentType }> }>;
}
