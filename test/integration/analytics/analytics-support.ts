import type { TestServer } from '../../support/server.ts';

/** A real browser's user agent (Chrome on Windows). */
export const BROWSER = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

export interface BeaconOptions {
  ip?: string;
  userAgent?: string;
  headers?: Record<string, string>;
}

/** Posts a beacon as navigator.sendBeacon does: text/plain JSON, no apikey, same origin. */
export function sendBeacon(server: TestServer, body: unknown, options: BeaconOptions = {}): Promise<Response> {
  return fetch(`${server.url}/api/beacon`, {
    method: 'POST',
    headers: {
      'content-type': 'text/plain;charset=UTF-8',
      'user-agent': options.userAgent ?? BROWSER,
      'sec-fetch-site': 'same-origin',
      'x-forwarded-for': options.ip ?? '198.51.100.7',
      ...options.headers,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** The raw events of a project (what the roll-up has not taken yet). */
export async function rawEvents(server: TestServer, projectId: string) {
  const { rows } = await server.ctx.db.query<{ kind: string; day: string; visitor: string; ref_host: string | null; ref_source: string | null }>(
    `select kind, day::text as day, encode(visitor, 'hex') as visitor, ref_host, ref_source
       from platform.analytics_events where project_id = $1 order by kind, visitor`,
    [projectId],
  );
  return rows;
}

/** The daily roll-up of a project, oldest day first. */
export async function dailyStats(server: TestServer, projectId: string) {
  const { rows } = await server.ctx.db.query<{ day: string; views: number; uniques: number; impressions: number; live_clicks: number; repo_clicks: number }>(
    `select day::text as day, views, uniques, impressions, live_clicks, repo_clicks
       from public.project_daily_stats where project_id = $1 order by day`,
    [projectId],
  );
  return rows;
}

export async function salts(server: TestServer) {
  const { rows } = await server.ctx.db.query<{ day: string; salt: string }>(
    `select day::text as day, encode(salt, 'hex') as salt from platform.analytics_salts order by day`,
  );
  return rows;
}
