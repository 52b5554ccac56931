/**
 * The counting beacon (issue 32, decision 236): what the page's script sends, the one way anything
 * is counted. The browser posts it with navigator.sendBeacon (text/plain JSON, no headers of its
 * own, so the route needs no apikey); server/analytics/ checks it with the same limits.
 */
export const BEACON_PATH = '/api/beacon';

/** Cards one beacon may report as seen: a page of the list (24 cards). */
export const BEACON_MAX_IMPRESSIONS = 24;

/** The largest body the route reads. */
export const BEACON_MAX_BYTES = 4096;

export type OutboundLinkKind = 'live' | 'repo';

export interface BeaconBody {
  /** The project whose page this is (a view). */
  view?: string;
  /** Projects whose cards were seen, at most BEACON_MAX_IMPRESSIONS. */
  impressions?: string[];
  /** A click on a project's "View Live Site" or repository link. */
  click?: { project: string; link: OutboundLinkKind };
  /** document.referrer of the page (only its host is kept). */
  referrer?: string;
  /** utm_source or ref of the page's address. */
  source?: string;
}
