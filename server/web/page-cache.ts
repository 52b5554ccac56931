import { createHash, randomBytes } from 'node:crypto';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { preferredEncoding } from '../http/compression.ts';
import { contentSecurityPolicy } from '../http/security-headers.ts';
import { styleNonceTag } from './index-html.ts';
import type { PageKey } from './page-cache-key.ts';
import { finishBody, sealBody, type SealedBody } from './sealed-body.ts';
import { Deadline } from './deadline.ts';

/** The NOTIFY channel of db/migrations/0235: a page's data changed. */
export const PAGE_CACHE_CHANNEL = 'page_cache';

/** A page as the server drew it, without the parts made per request (the CSP nonce). */
export interface DrawnPage {
  status: number;
  html: string;
  /** False when the page went out without some of its reads (its deadline passed): never kept. */
  complete?: boolean;
  /** Headers that belong to the page (Retry-After on a 503). */
  headers?: Record<string, string>;
}

/** What a response needs from the cache. */
export interface CachedResponse {
  status: number;
  body: Buffer | null;
  headers: Record<string, string>;
}

export type PageCacheOptions = Pick<
  Config,
  | 'PAGE_CACHE'
  | 'PAGE_CACHE_MAX_ENTRIES'
  | 'PAGE_CACHE_MAX_BYTES'
  | 'PAGE_CACHE_MAX_AGE_SECONDS'
  | 'PAGE_CACHE_MIN_REDRAW_MS'
  | 'PAGE_CACHE_S_MAXAGE'
  | 'PAGE_CACHE_STALE_WHILE_REVALIDATE'
  | 'PAGE_RENDER_DEADLINE_MS'
>;

interface Entry {
  sealed: SealedBody;
  /** What follows the nonce: the end of the document. */
  tail: string;
  /** Of the page without its nonce; the response's ETag adds the nonce (see etagOf). */
  hash: string;
  /** The invalidation generation the drawing started in: older than the cache's means stale. */
  generation: number;
  /** performance.now() when its drawing started: redraws of one route are at least MIN_REDRAW apart. */
  startedAt: number;
  /** App-clock ms after which it is stale without any change heard: its age cap, or the next launch. */
  validUntil: number;
}

/** A nonce as the server makes them (16 random bytes, base64): the only ones echoed back from an ETag. */
const NONCE = /^[A-Za-z0-9+/]{22}==$/;

/**
 * The shared cache of the pages the server draws (decision 206). Every drawn page is the
 * anonymous view, so one copy serves every visitor of an origin; what is made per request (the
 * CSP nonce) is appended to the cached copy for each response, compressed variants included
 * (sealed-body.ts). A change to what pages show (a NOTIFY from the database, heard by every
 * instance) makes every copy stale; a stale copy is served while one redraw runs, at most one per
 * route per PAGE_CACHE_MIN_REDRAW_MS. Misses of one key wait for one drawing.
 */
export class PageCache {
  /** Counters for tests and the benchmark: drawings made, answers from a copy (fresh or stale). */
  readonly stats = { draws: 0, hits: 0, staleHits: 0, misses: 0, notModified: 0, joinedDrawing: 0 };
  /** Tests: runs before each drawing, so a test can hold one while requests pile up behind it. */
  beforeDraw: (() => Promise<void>) | undefined;
  private readonly entries = new Map<string, Entry>();
  private readonly drawing = new Map<string, Promise<Entry | DrawnPage>>();
  private bytes = 0;
  private generation = 0;
  private unlisten: (() => Promise<void>) | undefined;
  /**
   * The payload of the last change notice heard. Notices reach a listener in commit order, so a
   * test that sends a marker and sees it here knows every earlier change has been heard.
   */
  lastNotice: string | undefined;

  constructor(
    private readonly options: PageCacheOptions,
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly log: (line: string) => void,
  ) {}

  get enabled(): boolean {
    return this.options.PAGE_CACHE;
  }

  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  /** Hears the database's change notices; after a lost connection every copy is stale (notices were lost). */
  async start(): Promise<void> {
    if (!this.enabled) return;
    const heard = (payload: string) => {
      this.lastNotice = payload;
      this.invalidate();
    };
    this.unlisten = await this.db.listen(PAGE_CACHE_CHANNEL, heard, () => this.invalidate());
  }

  async close(): Promise<void> {
    await this.unlisten?.();
    this.unlisten = undefined;
  }

  /** Every copy is stale from now on (they stay, to be served while their redraw runs). */
  invalidate(): void {
    this.generation++;
  }

  /** Cache-Control of a cached page: a CDN holds it for seconds; browsers ask every time (ETag). */
  get cacheControl(): string {
    return `public, max-age=0, s-maxage=${this.options.PAGE_CACHE_S_MAXAGE}, stale-while-revalidate=${this.options.PAGE_CACHE_STALE_WHILE_REVALIDATE}`;
  }

  /**
   * The answer for `page`: from its copy, or drawn by `draw` (once for all who wait). Only 200
   * pages are kept; others (an unknown project's 404) are answered to the waiters and dropped.
   */
  async respond(page: PageKey, draw: (pathAndQuery: string) => Promise<DrawnPage>, acceptEncoding: string | undefined, ifNoneMatch: string | undefined): Promise<CachedResponse> {
    let entry = this.entries.get(page.key);
    if (entry && this.isFresh(entry)) {
      this.stats.hits++;
      this.touch(page.key, entry);
    } else if (entry) {
      this.touch(page.key, entry);
      // One redraw per route per MIN_REDRAW. The request that starts it waits for it (whoever
      // changed something and reloads sees the change); the others meanwhile get the copy.
      if (!this.drawing.has(page.key) && performance.now() - entry.startedAt >= this.options.PAGE_CACHE_MIN_REDRAW_MS) {
        // Counted from the attempt, so a failing database is not asked again at every hit.
        entry.startedAt = performance.now();
        const redrawn = await this.drawOnce(page, draw).catch((err: Error) => {
          this.log(`page cache: redrawing ${page.pathAndQuery} failed, serving the copy: ${err.message}`);
          return entry!;
        });
        if (!('sealed' in redrawn)) return this.uncached(redrawn);
        this.stats.misses++;
        entry = redrawn;
      } else this.stats.staleHits++;
    } else {
      this.stats.misses++;
      const drawn = await this.drawOnce(page, draw);
      if (!('sealed' in drawn)) return this.uncached(drawn);
      entry = drawn;
    }
    return this.answer(entry, acceptEncoding, ifNoneMatch);
  }

  private isFresh(entry: Entry): boolean {
    return entry.generation === this.generation && this.clock.nowMs() < entry.validUntil;
  }

  private touch(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.entries.set(key, entry);
  }

  /** One drawing of `page` at a time; its result replaces the copy (when it is a 200). */
  private drawOnce(page: PageKey, draw: (pathAndQuery: string) => Promise<DrawnPage>): Promise<Entry | DrawnPage> {
    let pending = this.drawing.get(page.key);
    if (pending) {
      this.stats.joinedDrawing++;
      return pending;
    }
    pending = this.drawAndStore(page, draw).finally(() => this.drawing.delete(page.key));
    this.drawing.set(page.key, pending);
    return pending;
  }

  private async drawAndStore(page: PageKey, draw: (pathAndQuery: string) => Promise<DrawnPage>): Promise<Entry | DrawnPage> {
    const generation = this.generation;
    const startedAt = performance.now();
    const drawnAt = this.clock.nowMs();
    this.stats.draws++;
    await this.beforeDraw?.();
    // The next launch bounds the copy's life; asked under the page's deadline, as its reads are,
    // so a hung database costs this request the deadline, not the pool's query timeout.
    const deadline = new Deadline(this.options.PAGE_RENDER_DEADLINE_MS);
    const [drawn, nextLaunch] = await Promise.all([draw(page.pathAndQuery), deadline.race(this.nextLaunchMs())]);
    deadline.clear();
    if (drawn.status === 404) {
      // The page is gone (a project removed): its copy must not outlive it.
      this.remove(page.key);
      return drawn;
    }
    // Drawn without its data (the database was slow), or with no word on the next launch: answered once, never kept.
    if (drawn.status !== 200 || drawn.complete === false || nextLaunch === undefined) return drawn;
    const cut = nonceIndex(drawn.html);
    const head = drawn.html.slice(0, cut);
    const entry: Entry = {
      sealed: await sealBody(head),
      tail: drawn.html.slice(cut),
      hash: createHash('sha256').update(drawn.html).digest('base64url').slice(0, 27),
      generation,
      startedAt,
      validUntil: Math.min(drawnAt + this.options.PAGE_CACHE_MAX_AGE_SECONDS * 1000, nextLaunch),
    };
    this.store(page.key, entry);
    return entry;
  }

  /**
   * When the next scheduled launch happens, on the app clock: a project becomes public then
   * without any write (decision 160), so a copy drawn before it is stale from that moment.
   */
  private async nextLaunchMs(): Promise<number> {
    const { rows } = await this.db.query<{ ms: number | null }>(
      `select (extract(epoch from min(launched_at)) * 1000)::float8 as ms
         from public.projects where status = 'approved' and launched_at > showcase_private.app_now()`,
    );
    return rows[0]?.ms ?? Number.POSITIVE_INFINITY;
  }

  private remove(key: string): void {
    const old = this.entries.get(key);
    if (!old) return;
    this.bytes -= old.sealed.bytes;
    this.entries.delete(key);
  }

  private store(key: string, entry: Entry): void {
    this.remove(key);
    if (entry.sealed.bytes > this.options.PAGE_CACHE_MAX_BYTES) return;
    this.entries.set(key, entry);
    this.bytes += entry.sealed.bytes;
    // Least recently used first: a Map iterates in insertion order, and every hit re-inserts.
    for (const [oldest, evicted] of this.entries) {
      if (this.entries.size <= this.options.PAGE_CACHE_MAX_ENTRIES && this.bytes <= this.options.PAGE_CACHE_MAX_BYTES) break;
      this.entries.delete(oldest);
      this.bytes -= evicted.sealed.bytes;
    }
  }

  private answer(entry: Entry, acceptEncoding: string | undefined, ifNoneMatch: string | undefined): CachedResponse {
    const headers: Record<string, string> = { 'cache-control': this.cacheControl, vary: 'Accept-Encoding' };
    // A browser revalidating its copy keeps the copy's nonce: the 304 names it in the CSP, since
    // the browser updates the stored headers with the 304's.
    const theirs = matchingNonce(entry.hash, ifNoneMatch);
    if (theirs) {
      this.stats.notModified++;
      return { status: 304, body: null, headers: { ...headers, etag: etagOf(entry.hash, theirs), 'content-security-policy': contentSecurityPolicy(theirs) } };
    }
    const nonce = randomBytes(16).toString('base64');
    const encoding = preferredEncoding(acceptEncoding);
    return {
      status: 200,
      body: finishBody(entry.sealed, styleNonceTag(nonce) + entry.tail, encoding),
      headers: {
        ...headers,
        ...(encoding ? { 'content-encoding': encoding } : {}),
        'content-type': 'text/html; charset=UTF-8',
        etag: etagOf(entry.hash, nonce),
        'content-security-policy': contentSecurityPolicy(nonce),
      },
    };
  }

  /** A page not kept (not a 200): answered as drawn, with its own nonce, uncompressed. */
  private uncached(drawn: DrawnPage): CachedResponse {
    const nonce = randomBytes(16).toString('base64');
    const cut = nonceIndex(drawn.html);
    return {
      status: drawn.status,
      body: Buffer.from(drawn.html.slice(0, cut) + styleNonceTag(nonce) + drawn.html.slice(cut)),
      headers: {
        ...drawn.headers,
        'content-type': 'text/html; charset=UTF-8',
        'cache-control': drawn.complete === false ? 'no-store' : 'no-cache',
        'content-security-policy': contentSecurityPolicy(nonce),
      },
    };
  }
}

/** Where a page's nonce goes: before its last </body> (the app's scripts run after parsing). */
export function nonceIndex(html: string): number {
  const at = html.lastIndexOf('</body>');
  return at === -1 ? html.length : at;
}

/**
 * The ETag of one response: the page's hash and the nonce it was sent with. Weak, since two
 * responses of one copy differ in their nonce; the nonce in it lets a 304 restate the CSP the
 * browser's copy was sent with.
 */
function etagOf(hash: string, nonce: string): string {
  return `W/"${hash}.${nonce}"`;
}

/** The nonce of the ETag in If-None-Match that names this copy, if any. */
function matchingNonce(hash: string, ifNoneMatch: string | undefined): string | undefined {
  if (!ifNoneMatch) return undefined;
  for (const tag of ifNoneMatch.split(',')) {
    const m = /^\s*(?:W\/)?"([^".]+)\.([^"]+)"\s*$/.exec(tag);
    if (m && m[1] === hash && NONCE.test(m[2]!)) return m[2];
  }
  return undefined;
}
