import type { Config } from '../config.ts';

/** What the callback needs from GitHub, fetched with the user's OAuth code. */
export interface GithubProfile {
  id: string;
  login: string;
  name: string | null;
  avatarUrl: string | null;
  email: string | null;
  emailVerified: boolean;
}

const TIMEOUT_MS = 10_000;

export class GithubError extends Error {}

export function githubAuthorizeUrl(
  config: Pick<Config, 'GITHUB_BASE_URL' | 'GITHUB_CLIENT_ID' | 'SITE_URL'>,
  state: string,
  scopes: string | undefined,
  passthrough: Record<string, string>,
): string {
  const url = new URL('/login/oauth/authorize', config.GITHUB_BASE_URL);
  const scope = ['user:email', ...(scopes ?? '').split(/[\s,]+/).filter(Boolean)];
  url.search = new URLSearchParams({
    client_id: config.GITHUB_CLIENT_ID!,
    redirect_uri: callbackUrl(config),
    response_type: 'code',
    scope: [...new Set(scope)].join(' '),
    state,
    ...passthrough,
  }).toString();
  return url.toString();
}

export function callbackUrl(config: Pick<Config, 'SITE_URL'>): string {
  return `${config.SITE_URL}/auth/v1/callback`;
}

async function call<T>(url: string, init: RequestInit): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (err) {
    throw new GithubError(`GitHub did not answer: ${(err as Error).message}`);
  }
  if (!res.ok) throw new GithubError(`GitHub answered ${res.status} for ${new URL(url).pathname}`);
  return (await res.json()) as T;
}

export async function fetchGithubProfile(
  config: Pick<Config, 'GITHUB_BASE_URL' | 'GITHUB_API_URL' | 'GITHUB_CLIENT_ID' | 'GITHUB_CLIENT_SECRET' | 'SITE_URL'>,
  code: string,
): Promise<GithubProfile> {
  const token = await call<{ access_token?: string; error?: string; error_description?: string }>(
    new URL('/login/oauth/access_token', config.GITHUB_BASE_URL).toString(),
    {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify({
        client_id: config.GITHUB_CLIENT_ID,
        client_secret: config.GITHUB_CLIENT_SECRET,
        code,
        redirect_uri: callbackUrl(config),
      }),
    },
  );
  if (!token.access_token) throw new GithubError(token.error_description ?? token.error ?? 'GitHub did not issue an access token');
  const api = (path: string) => new URL(path, config.GITHUB_API_URL.replace(/\/?$/, '/')).toString();
  const headers = { accept: 'application/vnd.github+json', authorization: `Bearer ${token.access_token}`, 'user-agent': 'ai-showcase' };
  const user = await call<{ id: number; login: string; name?: string | null; avatar_url?: string | null; email?: string | null }>(
    api('user'),
    { headers },
  );
  const emails = await call<Array<{ email: string; primary: boolean; verified: boolean }>>(api('user/emails'), { headers }).catch(
    () => [],
  );
  const pick =
    emails.find((e) => e.primary && e.verified) ?? emails.find((e) => e.verified) ?? emails.find((e) => e.primary);
  if (typeof user?.id !== 'number' && typeof user?.id !== 'string') throw new GithubError('GitHub returned no user id');
  return {
    id: String(user.id),
    login: user.login,
    name: user.name ?? null,
    avatarUrl: user.avatar_url ?? null,
    email: pick?.email?.toLowerCase() ?? user.email?.toLowerCase() ?? null,
    emailVerified: pick?.verified ?? false,
  };
}
