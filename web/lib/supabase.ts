import { createClient, type SupportedStorage } from '@supabase/supabase-js';
import { env } from './env.ts';
import { firstScreenFetch } from './first-screen.ts';
import { withTimeout } from './request-timeout.ts';

const VERIFIER_SUFFIX = '-code-verifier';
const KEEP_VERIFIER_KEY = 'showcase.keep-pkce-verifier';

function localStore(): Storage | undefined {
  try {
    return import.meta.env.SSR ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

/**
 * localStorage, except that the PKCE verifier of an anonymous user's sign-up survives until its
 * code is exchanged. supabase-js 2.109 drops the verifier whenever it saves a session
 * (supabase-js#2512, fixed in 2.110.3), and updateUser({ email }) saves one right after sending
 * the challenge, so the confirmation link of that sign-up could never sign anyone in.
 */
function authStorage(): SupportedStorage | undefined {
  const store = localStore();
  if (!store) return undefined;
  return {
    getItem: (key) => store.getItem(key),
    setItem: (key, value) => store.setItem(key, value),
    removeItem: (key) => {
      if (key.endsWith(VERIFIER_SUFFIX) && store.getItem(KEEP_VERIFIER_KEY)) return;
      store.removeItem(key);
    },
  };
}

/**
 * Keeps the PKCE verifier while an anonymous user's sign-up waits for its e-mail link; releasing
 * it (the account is permanent now, or the sign-up failed) drops the verifier left behind.
 */
export function keepPkceVerifier(keep: boolean): void {
  const store = localStore();
  if (!store) return;
  try {
    if (keep) {
      store.setItem(KEEP_VERIFIER_KEY, '1');
    } else if (store.getItem(KEEP_VERIFIER_KEY)) {
      store.removeItem(KEEP_VERIFIER_KEY);
      for (const key of Object.keys(store)) if (key.endsWith(VERIFIER_SUFFIX)) store.removeItem(key);
    }
  } catch {
    // Storage blocked: the link then needs a sign-in, as from another browser.
  }
}

/** The app's one client: every read and write goes through it, each under a deadline (request-timeout.ts). */
export const supabase = createClient(env.supabaseUrl, env.supabaseAnonKey || 'missing-anon-key', {
  auth: {
    persistSession: true,
    autoRefreshToken: true,
    detectSessionInUrl: true,
    flowType: 'pkce',
    storage: authStorage(),
  },
  // On the server the render's reads have their own deadline (server/web/render-page.ts).
  global: { fetch: import.meta.env.SSR ? firstScreenFetch : withTimeout(firstScreenFetch) },
});
