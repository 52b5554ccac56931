import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { isbot } from 'isbot';
import { BEACON_MAX_BYTES } from '../../domain/beacon.ts';
import type { ServerContext } from '../context.ts';
import { clientIp, clientNetworkKey } from '../http/client-ip.ts';
import { publicOrigin } from '../http/origin.ts';
import { beaconEvents, beaconSchema, optedOut } from './beacon.ts';
import { recordEvents, todaysSalt } from './store.ts';

/**
 * POST /api/beacon: the one way a view, an impression or an outbound click is counted (issue 32,
 * decision 236). The page's script sends it after load with navigator.sendBeacon: a text/plain
 * JSON body and no apikey (sendBeacon cannot send headers). Whatever the outcome the answer is
 * 204 and says nothing about what was counted, except a body the page never sends (400, 413)
 * and a client over RATE_LIMIT_BEACONS (429).
 *
 * Counts nothing for: Do Not Track or Global Privacy Control; a bot's user agent (isbot) or none;
 * a request another site's page made (Sec-Fetch-Site other than same-origin); a project that is
 * not launched. A visitor is a salted hash (server/analytics/beacon.ts), never the address.
 */
export function analyticsRoutes(ctx: ServerContext): Hono {
  const app = new Hono();
  const limit = bodyLimit({
    maxSize: BEACON_MAX_BYTES,
    onError: (c) => c.json({ message: 'Beacon too large' }, 413, { Connection: 'close' }),
  });

  app.post('/', limit, async (c) => {
    c.header('Cache-Control', 'no-store');
    if (optedOut({ dnt: c.req.header('dnt'), gpc: c.req.header('sec-gpc') })) return c.body(null, 204);
    const userAgent = c.req.header('user-agent') ?? '';
    if (!userAgent || isbot(userAgent)) return c.body(null, 204);
    const fetchSite = c.req.header('sec-fetch-site');
    if (fetchSite !== undefined && fetchSite !== 'same-origin') return c.body(null, 204);

    const ip = clientIp(c, ctx.config.TRUST_PROXY);
    const limited = await ctx.rateLimiter.hit(`beacons:ip:${clientNetworkKey(ip)}`, ctx.config.RATE_LIMIT_BEACONS);
    if (!limited.allowed) return c.json({ message: 'Too many beacons' }, 429, { 'Retry-After': String(limited.retryAfter) });

    const parsed = beaconSchema.safeParse(await jsonBody(c));
    if (!parsed.success) return c.json({ message: 'Not a beacon this site sends' }, 400);
    // A full disk refuses writes; a lost count is not worth an error the visitor never sees.
    if (ctx.diskGuard.low) return c.body(null, 204);

    const events = beaconEvents(parsed.data, ownHosts(c, ctx));
    const salt = await todaysSalt(ctx.db);
    await recordEvents(ctx.db, salt, { ip, userAgent }, events);
    return c.body(null, 204);
  });
  return app;
}

async function jsonBody(c: Context): Promise<unknown> {
  try {
    return JSON.parse(await c.req.text());
  } catch {
    return undefined;
  }
}

/** This site's own host names: a referrer among them is a move inside the site, not a source. */
function ownHosts(c: Context, ctx: ServerContext): string[] {
  const hosts = new Set([new URL(ctx.config.SITE_URL).hostname, new URL(publicOrigin(c, ctx.config)).hostname]);
  return [...hosts].map((h) => h.toLowerCase());
}
