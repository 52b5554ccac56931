import { homeFirstScreen, projectFirstScreen, projectsFirstScreen, type PrimedRequest } from './first-screen.ts';

/**
 * The public pages, in one table: what a signed-out visitor can open by URL and see as anyone
 * would. Adding a public page is one entry here: the SPA's router (web/app/routes.tsx) declares a
 * route for each from its path and module, and the server's renderer (which pages it draws,
 * decision 203), its module hints (decision 201), its meta tags, its first-screen reads, its
 * warm-up before /readyz and the sitemap read it; a page cache keys on the query parameters a page
 * knows. Pages behind a sign-in, the steps of one person's sign-in link, and the admin are not
 * here: the router declares those itself.
 *
 * The browser's build gets only each route's path and module (vite.config.ts,
 * `publicRoutesForTheRouter`, decision 218): the rest is the server's, and costs / nothing.
 */
export interface PublicRoute {
  /** The path under the root layout, in React Router's syntax ('' is home). */
  path: string;
  /** Drawn by our server for a signed-out visitor (decision 203): the same for everyone. */
  serverDrawn: boolean;
  /**
   * Its page module, a `*-page.tsx` at a feature's root, named from web/ (its key in Vite's
   * manifest): the router loads it on demand, and the server hints it with modulepreload when it
   * does not draw the page. Absent only for home, which is bundled with the entry.
   */
  module?: string;
  /** Meta for a page that exists without data; the page sets the same title itself once the app runs. */
  title?: string;
  description?: string;
  /** Meta read from the database, by server/web/page-meta.ts; its answer decides 200 or 404. */
  metaFrom?: 'project' | 'creator' | 'tag' | 'leaderboard';
  /** Listed in /sitemap.xml as it is (pages with parameters are listed from the database). */
  inSitemap?: boolean;
  /** The query parameters the page reads; any other does not change what it shows. */
  queryParams?: readonly string[];
  /** The REST reads of its first screen, answered inside the HTML (decision 201). */
  firstScreen?: (params: Readonly<Record<string, string>>, search: string) => PrimedRequest[];
  /** For a page with parameters, the row the server's warm-up draws it for. */
  example?: 'newest-project' | 'newest-project-creator' | 'newest-tag' | 'newest-blog-post' | 'daily-leaderboard';
}

export const PUBLIC_ROUTES: readonly PublicRoute[] = [
  { path: '', serverDrawn: true, inSitemap: true, firstScreen: homeFirstScreen },
  {
    path: 'projects',
    serverDrawn: true,
    module: 'features/projects/projects-page.tsx',
    title: 'All Projects',
    description: 'Browse, search and filter projects built with Lovable, Cursor and Bolt.',
    inSitemap: true,
    queryParams: ['q', 'tool', 'tag', 'category', 'featured', 'sort', 'period', 'page'],
    firstScreen: (_, search) => projectsFirstScreen(search),
  },
  {
    path: 'projects/:id',
    serverDrawn: true,
    module: 'features/project-detail/project-detail-page.tsx',
    metaFrom: 'project',
    firstScreen: ({ id }) => projectFirstScreen(id ?? ''),
    example: 'newest-project',
  },
  { path: 'creators/:id', serverDrawn: true, module: 'features/creators/creator-page.tsx', metaFrom: 'creator', example: 'newest-project-creator' },
  { path: 'tags/:slug', serverDrawn: true, module: 'features/tags/tag-page.tsx', metaFrom: 'tag', example: 'newest-tag' },
  {
    path: 'documentation',
    serverDrawn: true,
    module: 'features/static-pages/documentation-page.tsx',
    title: 'Documentation',
    description: 'How to submit your project and what makes a great showcase entry.',
    inSitemap: true,
  },
  { path: 'blog', serverDrawn: true, module: 'features/static-pages/blog-page.tsx', title: 'Blog', description: 'Stories, tips and news from the AI builder community.', inSitemap: true },
  { path: 'blog/:slug', serverDrawn: true, module: 'features/static-pages/blog-post-page.tsx', example: 'newest-blog-post' },
  {
    path: 'community',
    serverDrawn: true,
    module: 'features/static-pages/community-page.tsx',
    title: 'Community',
    description: 'Discussions, events and resources for makers building with AI.',
    inSitemap: true,
  },
  { path: 'about', serverDrawn: true, module: 'features/static-pages/about-page.tsx', title: 'About', description: 'Why this showcase exists and the people behind it.', inSitemap: true },
  { path: 'terms', serverDrawn: true, module: 'features/static-pages/terms-page.tsx', title: 'Terms of Service', inSitemap: true },
  { path: 'privacy', serverDrawn: true, module: 'features/static-pages/privacy-page.tsx', title: 'Privacy Policy', inSitemap: true },
  { path: 'signin', serverDrawn: true, module: 'features/signin/signin-page.tsx' },
  { path: 'signup', serverDrawn: true, module: 'features/signup/signup-page.tsx' },
  { path: 'forgot-password', serverDrawn: true, module: 'features/password-reset/forgot-password-page.tsx' },
  {
    path: 'upcoming',
    serverDrawn: true,
    module: 'features/launches/upcoming-page.tsx',
    title: 'Upcoming launches',
    description: 'Projects scheduled to launch in the coming days.',
  },
  // Its token is the visitor's own: drawn by the browser.
  {
    path: 'upcoming/confirm',
    serverDrawn: false,
    module: 'features/launches/confirm-reminder-page.tsx',
    title: 'Confirm your launch reminder',
    queryParams: ['token'],
  },
  {
    path: 'leaderboard/:kind/:value',
    serverDrawn: true,
    module: 'features/launches/leaderboard-page.tsx',
    metaFrom: 'leaderboard',
    example: 'daily-leaderboard',
  },
  { path: 'winners', serverDrawn: true, module: 'features/launches/winners-page.tsx', title: 'Winners', description: 'Projects of the Day, Week and Month.' },
  // A public collection is anyone's to see, a private one its owner's: drawn by the browser, which asks as the visitor.
  { path: 'collections/:id', serverDrawn: false, module: 'features/people/collection-page.tsx' },
  // Every public collection (issue 30 item 4); drawn by the browser like a collection's own page.
  { path: 'collections', serverDrawn: false, module: 'features/people/collections-page.tsx', title: 'Collections', description: 'Lists of projects curated by makers in the community.' },
  // The public moderation log (decision 264): off until an admin turns it on, so drawn by the browser, which asks.
  { path: 'moderation', serverDrawn: false, module: 'features/moderation-log/moderation-log-page.tsx', title: 'Moderation Log', description: 'Removals and bans on this site, with the reasons given.' },
];

export interface MatchedRoute {
  route: PublicRoute;
  params: Record<string, string>;
}

const compiled = PUBLIC_ROUTES.map((route) => {
  const names: string[] = [];
  const source = route.path
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      if (!segment.startsWith(':')) return `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
      names.push(segment.slice(1));
      return '/([^/]+)';
    })
    .join('');
  return { route, names, pattern: new RegExp(`^${source || '/'}$`) };
});

/**
 * The app's other pages: behind a sign-in, the admin's, or drawn only in the browser. With
 * PUBLIC_ROUTES they are every path the app has a page for; any other path shows the not-found
 * page and the server sends it as 404 (issue 30, L2). A last segment `*` matches the path and
 * everything below it.
 */
export const APP_ONLY_ROUTES: readonly string[] = [
  'auth/callback',
  'reset-password',
  'submit-project',
  'profile',
  'my-projects',
  'my-projects/:id/stats',
  'notifications',
  'settings/notifications',
  'following',
  'bookmarks',
  'collections/:id',
  'invitations',
  'welcome',
  'admin/*',
];

const appOnly = APP_ONLY_ROUTES.map((path) => {
  const source = path
    .split('/')
    .map((segment) => (segment === '*' ? '(?:/.*)?' : segment.startsWith(':') ? '/[^/]+' : `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`))
    .join('');
  return new RegExp(`^${source}$`);
});

/** Whether the app has a page for a pathname (public or not); the server answers 404 for any other. */
export function isAppPath(pathname: string): boolean {
  const path = normalizePath(pathname);
  return matchPublicRoute(path) !== undefined || appOnly.some((pattern) => pattern.test(path));
}

/** A pathname without its trailing slashes ('/' stays). */
export function normalizePath(pathname: string): string {
  return pathname.replace(/\/+$/, '') || '/';
}

/** The public route a pathname opens, with its parameters (still URL-encoded); undefined for any other page. */
export function matchPublicRoute(pathname: string): MatchedRoute | undefined {
  const path = normalizePath(pathname);
  for (const { route, names, pattern } of compiled) {
    const m = pattern.exec(path);
    if (m) return { route, params: Object.fromEntries(names.map((name, i) => [name, m[i + 1]!])) };
  }
  return undefined;
}

/**
 * The reads of a route's first screen. Only routes whose first screen is the same for every
 * visitor: home's "All" tab, /projects with no filter, and a project page.
 */
export function firstScreenRequests(pathname: string, search: string): PrimedRequest[] {
  const matched = matchPublicRoute(pathname);
  return matched?.route.firstScreen?.(matched.params, search) ?? [];
}

/** The public pages with no parameters a sitemap lists as they are. */
export const STATIC_SITEMAP_PATHS: readonly string[] = PUBLIC_ROUTES.filter((r) => r.inSitemap).map((r) => `/${r.path}`);
