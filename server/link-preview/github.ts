import type { AutofillRepository } from '../../domain/autofill.ts';
import type { Clock } from '../clock.ts';

/**
 * A public repository's facts from the GitHub API at GITHUB_API_URL (decision 261). The address is
 * the operator's, not the maker's (only owner and name come from the maker, each checked and
 * encoded), so this is a plain bounded fetch, not safeFetch. Unauthenticated calls get 60 an hour
 * per server IP: GITHUB_TOKEN is sent when set, answers are kept with their ETag (a 304 does not
 * count against the limit), and a 403 or 429 stops every call until GitHub's reset time.
 */

export class GithubUnavailable extends Error {
  constructor(
    readonly kind: 'not-found' | 'limited' | 'failed',
    message: string,
  ) {
    super(message);
    this.name = 'GithubUnavailable';
  }
}

const CACHE_SIZE = 500;
const TIMEOUT_MS = 5_000;
const MAX_BODY = 512 * 1024;
/** Without a reset time from GitHub, wait this long after a 403 or 429. */
const DEFAULT_BACK_OFF_MS = 60_000;

interface Cached {
  etag: string;
  repository: AutofillRepository;
}

export class GithubRepos {
  private readonly cache = new Map<string, Cached>();
  /** Until when (the clock's ms) no call is made, after GitHub said to slow down. */
  private pausedUntil = 0;

  constructor(
    private readonly apiUrl: string,
    private readonly token: string | undefined,
    private readonly clock: Clock,
  ) {}

  async repository(owner: string, name: string): Promise<AutofillRepository> {
    const now = this.clock.nowMs();
    if (now < this.pausedUntil) throw this.limited(this.pausedUntil - now);
    const key = `${owner}/${name}`.toLowerCase();
    const cached = this.cache.get(key);
    const headers: Record<string, string> = { accept: 'application/vnd.github+json', 'user-agent': 'ai-showcase-autofill', 'x-github-api-version': '2022-11-28' };
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    if (cached) headers['if-none-match'] = cached.etag;
    let response: Response;
    try {
      response = await fetch(`${this.apiUrl.replace(/\/$/, '')}/repos/${encodeURIComponent(owner)}/${encodeURIComponent(name)}`, {
        headers,
        redirect: 'error',
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch {
      throw new GithubUnavailable('failed', 'GitHub could not be reached just now.');
    }
    if (response.status === 304 && cached) {
      this.remember(key, cached);
      return cached.repository;
    }
    if (response.status === 403 || response.status === 429) {
      const waitMs = this.backOffMs(response, now);
      this.pausedUntil = now + waitMs;
      throw this.limited(waitMs);
    }
    if (response.status === 404) throw new GithubUnavailable('not-found', 'This GitHub repository was not found, or it is private.');
    if (!response.ok) throw new GithubUnavailable('failed', `GitHub answered with an error (${response.status}).`);
    const text = await response.text();
    if (text.length > MAX_BODY) throw new GithubUnavailable('failed', 'GitHub’s answer was too large.');
    const body = JSON.parse(text) as Record<string, unknown>;
    // GITHUB_TOKEN may see its owner's private repositories: those are never described to anyone.
    if (body.private !== false) throw new GithubUnavailable('not-found', 'This GitHub repository was not found, or it is private.');
    const repository = toRepository(body);
    const etag = response.headers.get('etag');
    if (etag) this.remember(key, { etag, repository });
    return repository;
  }

  private limited(waitMs: number): GithubUnavailable {
    const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
    return new GithubUnavailable('limited', `GitHub is limiting requests from this site; try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
  }

  /** Retry-After (seconds), else x-ratelimit-reset (epoch seconds), else a minute. */
  private backOffMs(response: Response, now: number): number {
    const retryAfter = Number(response.headers.get('retry-after'));
    if (Number.isFinite(retryAfter) && retryAfter > 0) return retryAfter * 1000;
    const reset = Number(response.headers.get('x-ratelimit-reset'));
    if (Number.isFinite(reset) && reset * 1000 > now) return Math.min(reset * 1000 - now, 3_600_000);
    return DEFAULT_BACK_OFF_MS;
  }

  /** Most recently used last; the oldest goes when the cache is full. */
  private remember(key: string, entry: Cached): void {
    this.cache.delete(key);
    this.cache.set(key, entry);
    if (this.cache.size > CACHE_SIZE) this.cache.delete(this.cache.keys().next().value!);
  }
}

function toRepository(body: Record<string, unknown>): AutofillRepository {
  const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);
  const license = body.license && typeof body.license === 'object' ? (body.license as Record<string, unknown>) : null;
  return {
    fullName: str(body.full_name) ?? '',
    description: str(body.description),
    topics: Array.isArray(body.topics) ? body.topics.filter((t): t is string => typeof t === 'string').slice(0, 20) : [],
    stars: typeof body.stargazers_count === 'number' && body.stargazers_count >= 0 ? Math.floor(body.stargazers_count) : 0,
    license: license ? (str(license.spdx_id) !== 'NOASSERTION' ? str(license.spdx_id) : null) ?? str(license.name) : null,
    pushedAt: str(body.pushed_at),
    homepage: str(body.homepage),
  };
}
