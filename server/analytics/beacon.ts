import { createHash } from 'node:crypto';
import { z } from 'zod';
import { BEACON_MAX_IMPRESSIONS, type BeaconBody } from '../../domain/beacon.ts';

/** The beacon as the page sends it, and nothing else (unknown keys refuse the whole body). */
export const beaconSchema = z
  .object({
    view: z.uuid().optional(),
    impressions: z.array(z.uuid()).min(1).max(BEACON_MAX_IMPRESSIONS).optional(),
    click: z.object({ project: z.uuid(), link: z.enum(['live', 'repo']) }).strict().optional(),
    referrer: z.string().max(2048).optional(),
    source: z.string().max(200).optional(),
  })
  .strict()
  .refine((b) => b.view || b.impressions || b.click, { message: 'A beacon counts a view, impressions or a click' }) satisfies z.ZodType<BeaconBody>;

export type Beacon = z.infer<typeof beaconSchema>;

export type EventKind = 'view' | 'impression' | 'live_click' | 'repo_click';

export interface BeaconEvent {
  project: string;
  kind: EventKind;
  refHost: string | null;
  refSource: string | null;
}

const HOST = /^[a-z0-9.-]{1,253}$/;
const SOURCE = /^[a-z0-9._-]{1,64}$/;

/**
 * A referrer as the stats keep it: its host name and nothing else (no path, query, user or port),
 * only for http(s), never this site's own host; anything else is no referrer at all. What a
 * forged Referer can put in the stats is a host name, never markup.
 */
export function referrerHost(referrer: string | undefined, ownHosts: readonly string[]): string | null {
  if (!referrer) return null;
  let url: URL;
  try {
    url = new URL(referrer);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  if (!HOST.test(host) || ownHosts.includes(host)) return null;
  return host;
}

/** utm_source or ref as the stats keep it: lower case letters, digits, dot, dash, underscore. */
export function sourceTag(source: string | undefined): string | null {
  const tag = source?.trim().toLowerCase();
  return tag && SOURCE.test(tag) ? tag : null;
}

/** The events one beacon carries, each project at most once per kind. */
export function beaconEvents(beacon: Beacon, ownHosts: readonly string[]): BeaconEvent[] {
  const events: BeaconEvent[] = [];
  if (beacon.view) {
    events.push({ project: beacon.view, kind: 'view', refHost: referrerHost(beacon.referrer, ownHosts), refSource: sourceTag(beacon.source) });
  }
  for (const project of new Set(beacon.impressions ?? [])) events.push({ project, kind: 'impression', refHost: null, refSource: null });
  if (beacon.click) {
    events.push({ project: beacon.click.project, kind: beacon.click.link === 'live' ? 'live_click' : 'repo_click', refHost: null, refSource: null });
  }
  return events;
}

/**
 * A visitor of one project on one day: sha256 of the day's salt, the address, the user agent and
 * the project. Neither the address nor the agent is stored; once the salt is deleted (the day
 * is over) nobody can tell whose hash it was, nor link one project's visitor to another's.
 */
export function visitorHash(salt: Buffer, ip: string, userAgent: string, project: string): string {
  const h = createHash('sha256');
  h.update(salt);
  for (const part of [ip, userAgent, project]) {
    h.update('\0');
    h.update(part);
  }
  return h.digest('hex');
}

/**
 * Whether the visitor asked not to be tracked: Do Not Track (DNT: 1) or Global Privacy Control
 * (Sec-GPC: 1). Such a beacon is answered like any other and counts nothing.
 */
export function optedOut(headers: { dnt?: string; gpc?: string }): boolean {
  return headers.dnt?.trim() === '1' || headers.gpc?.trim() === '1';
}
