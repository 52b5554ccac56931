import { useEffect, type RefObject } from 'react';
import { BEACON_MAX_IMPRESSIONS, BEACON_PATH, type BeaconBody, type OutboundLinkKind } from '../../domain/beacon.ts';
import { env } from './env.ts';

/**
 * Counting (issue 32, decision 236): the page's script, after load, sends one beacon with the
 * page's view and the cards seen on it, batched; a click on a project's live site or repository
 * sends its own. Nothing is stored in the browser and nothing is sent when the visitor asks not
 * to be tracked. The server decides what counts (server/analytics/).
 */

const FLUSH_DELAY_MS = 1500;

let view: string | undefined;
const impressions = new Set<string>();
/** What this document has sent already: a card scrolled past twice is one impression. */
const sent = new Set<string>();
let timer: ReturnType<typeof setTimeout> | undefined;
let scheduled = false;
let listening = false;

function beaconUrl(): string | undefined {
  if (import.meta.env.SSR || typeof navigator.sendBeacon !== 'function') return undefined;
  // Our own server only: a static host for hosted Supabase has no beacon route.
  if (new URL(env.supabaseUrl, location.href).origin !== location.origin) return undefined;
  return BEACON_PATH;
}

function trackingRefused(): boolean {
  const nav = navigator as Navigator & { globalPrivacyControl?: boolean };
  return nav.doNotTrack === '1' || nav.globalPrivacyControl === true;
}

function send(body: BeaconBody): void {
  const url = beaconUrl();
  if (!url || trackingRefused()) return;
  try {
    // A string goes as text/plain: no preflight, and sendBeacon can send nothing else anyway.
    navigator.sendBeacon(url, JSON.stringify(body));
  } catch {
    // A lost count is never the visitor's problem.
  }
}

/** Where this visit came from: the referrer (only its host is kept) and utm_source or ref. */
function origins(): Pick<BeaconBody, 'referrer' | 'source'> {
  const params = new URLSearchParams(location.search);
  const source = params.get('utm_source') ?? params.get('ref') ?? undefined;
  return { referrer: document.referrer || undefined, source: source?.slice(0, 200) };
}

function flush(): void {
  clearTimeout(timer);
  timer = undefined;
  scheduled = false;
  while (view || impressions.size) {
    const batch = [...impressions].slice(0, BEACON_MAX_IMPRESSIONS);
    for (const id of batch) impressions.delete(id);
    send({ ...(view ? { view, ...origins() } : {}), ...(batch.length ? { impressions: batch } : {}) });
    view = undefined;
  }
}

function schedule(): void {
  if (!listening) {
    listening = true;
    // Leaving the page (or hiding it) sends what is waiting: sendBeacon outlives the page.
    addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && flush());
  }
  if (impressions.size >= BEACON_MAX_IMPRESSIONS) return flush();
  if (scheduled) return;
  scheduled = true;
  const start = () => {
    timer = setTimeout(flush, FLUSH_DELAY_MS);
  };
  // After load: the beacon never competes with the page's own requests.
  if (document.readyState === 'complete') start();
  else addEventListener('load', start, { once: true });
}

/** Counts a view of the project whose page this is (once per page load). */
export function useCountView(projectId: string | undefined): void {
  useEffect(() => {
    if (!projectId || sent.has(`view:${projectId}`)) return;
    sent.add(`view:${projectId}`);
    view = projectId;
    schedule();
  }, [projectId]);
}

let observer: IntersectionObserver | undefined;
const observed = new WeakMap<Element, string>();

function impressionObserver(): IntersectionObserver | undefined {
  if (typeof IntersectionObserver !== 'function') return undefined;
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        const id = observed.get(entry.target);
        observer?.unobserve(entry.target);
        if (!id || sent.has(`impression:${id}`)) continue;
        sent.add(`impression:${id}`);
        impressions.add(id);
        schedule();
      }
    },
    // Half a card on screen is a card seen.
    { threshold: 0.5 },
  );
  return observer;
}

/** Counts an impression of a project's card once at least half of it has been on screen. */
export function useCountImpression(ref: RefObject<Element | null>, projectId: string): void {
  useEffect(() => {
    const element = ref.current;
    const io = element && impressionObserver();
    if (!element || !io || sent.has(`impression:${projectId}`)) return;
    observed.set(element, projectId);
    io.observe(element);
    return () => io.unobserve(element);
  }, [ref, projectId]);
}

/** Counts a click on a project's live site or repository link (its own beacon: the page may be left). */
export function countOutboundClick(projectId: string, link: OutboundLinkKind): void {
  send({ click: { project: projectId, link } });
}
