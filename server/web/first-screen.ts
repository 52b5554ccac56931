import { FIRST_SCREEN_ELEMENT_ID, primedRequestKey, type PrimedRequest, type PrimedResponse } from '../../domain/first-screen.ts';
import { firstScreenRequests } from '../../domain/public-routes.ts';
import { IMAGE_SIZE_FOR } from '../../domain/image-sizes.ts';
import { renderedImageUrl } from '../../domain/image-urls.ts';
import { escapeHtml, jsonForScript } from './escape.ts';

/** How the web routes reach the API in-process: the same handlers, policies and URL rewriting. */
export type InProcessFetch = (request: Request) => Promise<Response>;

export interface FirstScreen {
  /** `<script type="application/json">` with the answers, for the end of <body>. */
  data: string;
  /** `<link rel="preload">` for the image the first screen is measured by, for <head>. */
  preload: string;
  /** The same answers, for the server's render of the page (server/web/server-render.ts). */
  answers: PrimedResponse[];
}

const NONE: FirstScreen = { data: '', preload: '', answers: [] };

/**
 * Answers a public route's first-screen reads (domain/first-screen.ts) as `anon`, for index.html
 * (decision 201). Any failure leaves the page as it was: the SPA then asks the API itself.
 */
export async function renderFirstScreen(api: InProcessFetch, origin: string, anonKey: string, pathname: string, search: string): Promise<FirstScreen> {
  const requests = firstScreenRequests(pathname, search);
  if (requests.length === 0) return NONE;
  try {
    const answers = await Promise.all(requests.map((r) => answerAsAnon(api, origin, anonKey, r)));
    const found = answers.filter((a) => a !== undefined);
    if (found.length === 0) return NONE;
    const primed = found.map((a) => a.answer);
    return { data: dataElement(primed), preload: imagePreload(origin, pathname, found.flatMap((a) => a.rows)), answers: primed };
  } catch {
    return NONE;
  }
}

/** One REST read the app sends, answered in-process as `anon`; undefined unless it found what it needs. */
export async function answerAsAnon(api: InProcessFetch, origin: string, anonKey: string, r: PrimedRequest): Promise<{ answer: PrimedResponse; rows: unknown[] } | undefined> {
  const headers: Record<string, string> = { apikey: anonKey, authorization: `Bearer ${anonKey}`, host: new URL(origin).host };
  if (r.prefer) headers.prefer = r.prefer;
  const response = await api(new Request(origin + r.url, { headers }));
  if (response.status !== 200 && response.status !== 206) return undefined;
  const body = await response.text();
  const rows = JSON.parse(body) as unknown[];
  if (r.onlyWhenFound && rows.length === 0) return undefined;
  const contentRange = response.headers.get('content-range') ?? undefined;
  return { answer: { key: primedRequestKey(r.url, r.prefer), status: response.status, contentRange, body }, rows };
}

function dataElement(answers: PrimedResponse[]): string {
  return jsonScriptElement(FIRST_SCREEN_ELEMENT_ID, answers);
}

/** JSON inside <script>, escaped so no text in it can close the element (jsonForScript). */
export function jsonScriptElement(id: string, value: unknown): string {
  return `<script type="application/json" id="${id}">${jsonForScript(value)}</script>`;
}

/**
 * On /projects and a project page the largest thing on a phone's first screen is the first image:
 * start it with the HTML instead of after the app has run. Home's is its heading, which needs no
 * image, so its bytes are left to the scripts.
 */
function imagePreload(origin: string, pathname: string, rows: unknown[]): string {
  const path = pathname.replace(/\/+$/, '');
  if (path !== '/projects' && !path.startsWith('/projects/')) return '';
  const first = rows[0] as { image_url?: unknown } | undefined;
  if (!first || typeof first.image_url !== 'string') return '';
  const size = path === '/projects' ? IMAGE_SIZE_FOR.card : IMAGE_SIZE_FOR.detail;
  const href = renderedImageUrl(origin, first.image_url, size);
  if (!href.startsWith(origin + '/')) return '';
  return `<link rel="preload" as="image" href="${escapeHtml(href)}" fetchpriority="high" />`;
}
