import { HOME_FEATURED_LIMIT, HOME_NON_FEATURED_LIMIT, PROJECTS_PAGE_SIZE } from './limits.ts';
import { isUuid } from './ids.ts';

/**
 * The first screen's data, answered inside the HTML (decision 201). For the public routes whose
 * first screen is drawn from the database, these are the REST reads the SPA sends on a fresh load;
 * our server answers them as `anon` while it writes index.html, and the SPA's fetch
 * (web/lib/first-screen.ts) takes each answer once instead of waiting a round trip for it.
 *
 * The SPA still builds its own requests with supabase-js; the two meet on `primedRequestKey`, so a
 * request that differs in any parameter simply goes to the network. e2e/first-screen.test.ts
 * fails when they drift apart.
 */

/** Card columns from the listing view (db/migrations/0040_project_listing.sql). */
export const LISTING_COLUMNS =
  'id,title,description,image_url,live_url,github_url,tool,category,creator_id,created_at,featured,upvotes,comment_count,creator_name,creator_bio,tools,tags,award';

/** The project page's read (spec §7 "Read one project"), with its frozen winner awards (issue 16). */
export const PROJECT_DETAIL_SELECT =
  '*, creators(id, name, bio), project_tools(tool), project_tags(tags(slug, name)), project_images(id, url, position, alt), launch_winners(period, period_start, rank)';

export interface PrimedRequest {
  /** Path and query under the API origin, e.g. `/rest/v1/project_listing?select=…`. */
  url: string;
  /** The Prefer header the SPA sends with it, if any. */
  prefer?: string;
  /** Use the answer only when it has rows: anon sees less than an owner (a pending project). */
  onlyWhenFound?: boolean;
}

/** One first-screen answer, as the HTML carries it (the server writes it, the browser replays it). */
export interface PrimedResponse {
  key: string;
  status: number;
  contentRange?: string;
  body: string;
}

function rest(table: string, params: Array<[string, string]>): string {
  return `/rest/v1/${table}?${new URLSearchParams(params).toString()}`;
}

function homeListing(featured: boolean): PrimedRequest {
  return {
    url: rest('project_listing', [
      ['select', LISTING_COLUMNS],
      ['status', 'eq.approved'],
      ['featured', `eq.${featured}`],
      ['order', 'created_at.desc'],
      ['limit', String(featured ? HOME_FEATURED_LIMIT : HOME_NON_FEATURED_LIMIT)],
    ]),
  };
}

/** Home's Today's launches (issue 16): how many rows the section asks for. */
export const HOME_LAUNCHES_ROWS = 10;

/**
 * How many of a period's launches its leaderboard page lists: the page's read and its JSON-LD's
 * (server/web/page-meta.ts). Here rather than in launch-periods.ts, which home's bundle does not load.
 */
export const LEADERBOARD_ROWS = 100;

/** Home's Today's launches, read by GET so the server can answer it inside the page. */
export const homeLaunchesRequest = (): PrimedRequest => ({ url: rest('rpc/home_launches', [['max_rows', String(HOME_LAUNCHES_ROWS)]]) });

/** The admin-curated tags, as /projects' filter chips read them. */
export const TAG_COLUMNS = 'id,slug,name,kind';
export const tagsRequest = (): PrimedRequest => ({ url: rest('tags', [['select', TAG_COLUMNS], ['order', 'kind.asc,name.asc']]) });

/**
 * The site's public settings as every page's header reads them (web/lib/site-settings.ts): the
 * server reads them once for a drawn page, for its meta and for its render.
 */
export const siteSettingsRequest = (): PrimedRequest => ({
  url: rest('site_settings_public', [['select', 'site_name,site_description,theme,allow_registration,moderation_enabled']]),
});

/** Home's first screen: Today's launches, then the featured and the other projects. */
export function homeFirstScreen(): PrimedRequest[] {
  return [homeLaunchesRequest(), homeListing(true), homeListing(false)];
}

/** /projects: its first page with no filter; the tag chips come whatever the filters (they sit above the results). */
export function projectsFirstScreen(search: string): PrimedRequest[] {
  if (search.replace(/^\?/, '') !== '') return [tagsRequest()];
  return [
    {
      url: rest('project_listing', [
        ['select', LISTING_COLUMNS],
        ['status', 'eq.approved'],
        ['order', 'created_at.desc,id.desc'],
        ['offset', '0'],
        ['limit', String(PROJECTS_PAGE_SIZE)],
      ]),
      prefer: 'count=exact',
    },
    tagsRequest(),
  ];
}

/** A project page's own read, when its id can be one. */
export function projectFirstScreen(projectId: string): PrimedRequest[] {
  if (!isUuid(projectId)) return [];
  return [{ url: rest('projects', [['select', PROJECT_DETAIL_SELECT.replace(/\s/g, '')], ['id', `eq.${projectId}`]]), onlyWhenFound: true }];
}

/**
 * One request's identity: method GET, path, the parameters in any order and encoding, and the
 * Prefer header (it changes the answer: `count=exact` adds the total).
 */
export function primedRequestKey(url: string, prefer: string | null | undefined): string {
  const parsed = new URL(url, 'http://x');
  const params = [...parsed.searchParams.entries()].map(([k, v]) => `${k}=${v}`).sort();
  return `${parsed.pathname}?${params.join('&')}|${(prefer ?? '').replace(/\s/g, '')}`;
}

/** The id of the JSON script element index.html carries the answers in. */
export const FIRST_SCREEN_ELEMENT_ID = 'first-screen-data';

/** A first-screen answer replayed as the response to the read it answers. */
export function primedResponse(answer: PrimedResponse): Response {
  const headers = new Headers({ 'content-type': 'application/json; charset=utf-8' });
  if (answer.contentRange) headers.set('content-range', answer.contentRange);
  return new Response(answer.body, { status: answer.status, headers });
}
