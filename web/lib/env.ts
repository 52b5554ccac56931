/**
 * Where the browser finds the backend. A build for a hosted Supabase project bakes in
 * VITE_SUPABASE_URL / VITE_SUPABASE_ANON_KEY; otherwise our server writes both into index.html
 * as <meta> tags at request time, so one build works on any host.
 */
function metaContent(name: string): string {
  if (typeof document === 'undefined') return '';
  return document.querySelector(`meta[name="${name}"]`)?.getAttribute('content')?.trim() ?? '';
}

function resolveEnv() {
  const url = (import.meta.env.VITE_SUPABASE_URL as string | undefined) || metaContent('supabase-url') || window.location.origin;
  const anonKey = (import.meta.env.VITE_SUPABASE_ANON_KEY as string | undefined) || metaContent('supabase-anon-key');
  // Our server names the origin its redirect allow-list accepts for this page (SITE_URL's when the
  // page was opened on another address); a static host for hosted Supabase has only its own.
  const authReturnOrigin = (metaContent('auth-return-origin') || window.location.origin).replace(/\/$/, '');
  return { supabaseUrl: url.replace(/\/$/, ''), supabaseAnonKey: anonKey, authReturnOrigin };
}

export const env = resolveEnv();
