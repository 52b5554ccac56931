import { clip, githubRepoOf, type AutofillResult } from '../../domain/autofill.ts';
import { TEXT_LIMITS } from '../../domain/limits.ts';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import { FetchRefused, safeFetch, type Connect, type Resolve, type SafeFetchOptions } from '../fetcher/safe-fetch.ts';
import { extractMetadata } from './extract.ts';
import { GithubRepos, GithubUnavailable } from './github.ts';
import { fetchPreviewImage, ImageUnusable } from './image.ts';
import { refusalMessage } from './messages.ts';
import { canonicalRepoUrl, readManifest, suggestFromPage, type ManifestFacts, type PageSuggestion } from './suggest.ts';

/**
 * Suggestions for the submit form from a URL (issue 35 item 1, decisions 261–262): a page's own
 * metadata, or a GitHub repository's facts and its homepage's. Reads only; saves nothing.
 */

/** A URL that gave nothing to fill, with the status and words the function answers. */
export class AutofillRefused extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'AutofillRefused';
  }
}

/** Of a page only its first part is read: what a page says about itself is in its head. */
export const PAGE_MAX_BYTES = 512 * 1024;
const MANIFEST_MAX_BYTES = 64 * 1024;
/** Every fetch of one auto-fill (page, manifest, image, API) ends by then: within the app's 12 s for a POST. */
const TOTAL_DEADLINE_MS = 10_000;
const IMAGES_TRIED = 2;

const isHtml = (type: string) => type === 'text/html' || type === 'application/xhtml+xml';
const isJson = (type: string) => type === 'application/json' || type === 'application/manifest+json' || type.endsWith('+json');

function decode(body: Buffer, contentTypeHeader: string | undefined): string {
  const charset = /charset=["']?([\w-]+)/i.exec(contentTypeHeader ?? '')?.[1];
  try {
    return new TextDecoder(charset ?? 'utf-8').decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
}

export class LinkPreviews {
  readonly github: GithubRepos;
  /** Tests only: the fake DNS and the connector to local fake sites safeFetch takes. */
  fetchHooks: { resolve?: Resolve; connect?: Connect } = {};

  constructor(
    private readonly config: Pick<Config, 'FETCH_ALLOW_HOSTS' | 'GITHUB_API_URL' | 'GITHUB_TOKEN'>,
    clock: Clock,
  ) {
    this.github = new GithubRepos(config.GITHUB_API_URL, config.GITHUB_TOKEN, clock);
  }

  private options(signal: AbortSignal): SafeFetchOptions {
    return { allowHosts: this.config.FETCH_ALLOW_HOSTS, signal, userAgent: 'ai-showcase-autofill', ...this.fetchHooks };
  }

  async autofill(rawUrl: string): Promise<AutofillResult> {
    const signal = AbortSignal.timeout(TOTAL_DEADLINE_MS);
    const repo = githubRepoOf(rawUrl);
    return repo ? this.fromRepository(repo.owner, repo.name, signal) : this.fromSite(rawUrl, signal);
  }

  private async fromSite(rawUrl: string, signal: AbortSignal): Promise<AutofillResult> {
    const notes: string[] = [];
    const page = await this.readPage(rawUrl, signal);
    const result: AutofillResult = { source: page.url, fields: page.suggestion.fields, favicon: page.suggestion.favicon, notes };
    if (page.truncated) notes.push(`Only the first ${PAGE_MAX_BYTES / 1024} KB of the page were read.`);
    if (page.capped) notes.push('The page has very many tags; only the first ones were read.');
    await this.addImage(result, page.suggestion.images, signal);
    return result;
  }

  private async fromRepository(owner: string, name: string, signal: AbortSignal): Promise<AutofillResult> {
    let repository;
    try {
      repository = await this.github.repository(owner, name);
    } catch (error) {
      if (error instanceof GithubUnavailable) {
        throw new AutofillRefused(error.kind === 'not-found' ? 422 : 503, error.kind === 'not-found' ? 'repository_not_found' : 'github_unavailable', error.message);
      }
      throw error;
    }
    const source = canonicalRepoUrl(`https://github.com/${owner}/${name}`)!;
    const notes: string[] = [];
    const result: AutofillResult = { source, fields: { title: clip(repository.fullName.split('/')[1] || name, TEXT_LIMITS.title), githubUrl: source }, repository, notes };
    if (repository.description) result.fields.description = clip(repository.description, TEXT_LIMITS.description);
    const homepage = repository.homepage && /^https?:\/\//i.test(repository.homepage) ? repository.homepage : undefined;
    if (!homepage) return result;
    result.fields.liveUrl = clip(homepage, TEXT_LIMITS.url);
    // The homepage says the rest (a better name, the longer text, the preview image); the repository's
    // own description stays the short one, as the maker wrote it there.
    try {
      const page = await this.readPage(homepage, signal);
      const pageFields = page.suggestion.fields;
      result.fields = { ...pageFields, ...result.fields, title: pageFields.title ?? result.fields.title, liveUrl: page.url };
      result.favicon = page.suggestion.favicon;
      await this.addImage(result, page.suggestion.images, signal);
    } catch (error) {
      if (!(error instanceof AutofillRefused)) throw error;
      notes.push(`The repository’s homepage could not be read: ${error.message}`);
    }
    return result;
  }

  /** The page's metadata, the manifest's too when it names one; a refused address ends the auto-fill. */
  private async readPage(rawUrl: string, signal: AbortSignal): Promise<{ url: string; suggestion: PageSuggestion; truncated: boolean; capped: boolean }> {
    let fetched;
    try {
      fetched = await safeFetch(rawUrl, { ...this.options(signal), maxBytes: PAGE_MAX_BYTES, truncate: true, acceptTypes: isHtml });
    } catch (error) {
      if (error instanceof FetchRefused) throw new AutofillRefused(422, 'fetch_refused', refusalMessage(error));
      throw error;
    }
    if (fetched.status >= 400) throw new AutofillRefused(422, 'page_error', `The site answered with an error (${fetched.status}), so nothing could be filled from it.`);
    const contentType = Array.isArray(fetched.headers['content-type']) ? fetched.headers['content-type'][0] : fetched.headers['content-type'];
    const meta = extractMetadata(decode(fetched.body, contentType), fetched.url);
    let manifest: ManifestFacts | undefined;
    if (meta.manifestUrl) {
      try {
        const answer = await safeFetch(meta.manifestUrl, { ...this.options(signal), maxBytes: MANIFEST_MAX_BYTES, acceptTypes: isJson });
        if (answer.status === 200) manifest = readManifest(answer.body.toString('utf8'), answer.url);
      } catch (error) {
        // A manifest is a nicety: a refused or broken one leaves the page's own metadata.
        if (!(error instanceof FetchRefused)) throw error;
      }
    }
    return { url: fetched.url, suggestion: suggestFromPage(meta, fetched.url, manifest), truncated: fetched.truncated, capped: meta.capped };
  }

  private async addImage(result: AutofillResult, candidates: string[], signal: AbortSignal): Promise<void> {
    let lastProblem: string | undefined;
    for (const url of candidates.slice(0, IMAGES_TRIED)) {
      try {
        const image = await fetchPreviewImage(url, this.options(signal));
        result.image = { type: image.type, base64: image.bytes.toString('base64'), width: image.width, height: image.height };
        return;
      } catch (error) {
        if (error instanceof FetchRefused) lastProblem = `The preview image was not used: ${refusalMessage(error)}`;
        else if (error instanceof ImageUnusable) lastProblem = error.message;
        else throw error;
      }
    }
    if (lastProblem) result.notes.push(lastProblem);
  }
}
