import { useQuery } from '@tanstack/react-query';
import { env } from '../env.ts';
import { firstScreenFetch } from '../first-screen.ts';
import { sharedKeys } from '../query-keys.ts';

export interface AuthSettings {
  githubEnabled: boolean;
  signupDisabled: boolean;
}

/**
 * GoTrue's public GET /auth/v1/settings (our server and hosted Supabase both answer it). supabase-js
 * has no call for it, so this is a fetch with the anon key: the app's, which the server's render of
 * a page (decision 203) answers in-process.
 */
export async function fetchAuthSettings(): Promise<AuthSettings> {
  const res = await firstScreenFetch(`${env.supabaseUrl}/auth/v1/settings`, { headers: { apikey: env.supabaseAnonKey } });
  if (!res.ok) throw new Error(`auth settings: HTTP ${res.status}`);
  const body = (await res.json()) as { external?: { github?: unknown }; disable_signup?: unknown };
  return { githubEnabled: body.external?.github === true, signupDisabled: body.disable_signup === true };
}

/** While unknown (or unreachable), the GitHub button stays hidden rather than offering a dead end. */
export function useAuthSettings() {
  return useQuery({ queryKey: sharedKeys.authSettings, queryFn: fetchAuthSettings, staleTime: 60_000, retry: 1 });
}
