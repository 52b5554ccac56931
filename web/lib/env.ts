import { serverRender } from './render-context.ts';

/**
 * Where the browser finds the backend. A build for a hosted Supabase project bakes in
 * VITE_SUPABASE_URL / VITE_SUPABASE_ANON_KEY; otherwise our server writes both into index.html
 * as <meta> tags at request time, so one build works on any host.
 */
function metaContent(name: string): string {
  if (import.meta.env.SSR) return '';
  return document.querySelector(`meta[name="${name}"]`)?.getAttribute('content')?.trim() ?? '';
}

/** The page's own origin; on the server (web/app/entry-server.tsx) a placeholder its reads are routed from. */
export const SERVER_RENDER_ORIGIN = 'http://server-render.invalid';
const pageOrigin = import.meta.env.SSR ? SERVER_RENDER_ORIGIN : window.location.origin;

function resolveEnv() {
  const url = (import.meta.env.VITE_SUPABASE_URL as string | undefined) || metaContent('supabase-url') || pageOrigin;
  const anonKey = (import.meta.env.VITE_SUPABASE_ANON_KEY as string | undefined) || metaContent('supabase-anon-key');
  // Our server names the origin its redirect allow-list accepts for this page (SITE_URL's when the
  // page was opened on another address); a static host for hosted Supabase has only its own.
  const authReturnOrigin = (metaContent('auth-return-origin') || pageOrigin).replace(/\/$/, '');
  // The host outbound links carry as ?ref= (decision 237); none on a static host.
  const outboundRef = metaContent('outbound-ref');
  return { supabaseUrl: url.replace(/\/$/, ''), supabaseAnonKey: anonKey, authReturnOrigin, outboundRef };
}

export const env = resolveEnv();

/** The API's origin, for URLs the app builds itself (sized images): the same in the server's drawing and the browser's. */
export function apiOrigin(): string {
  // The server render exists only in the SSR build: the browser's bundle has none of it.
  return (import.meta.env.SSR ? serverRender()?.origin : undefined) ?? env.supabaseUrl;
}
