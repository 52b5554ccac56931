import { cors } from 'hono/cors';

/** The API surfaces a browser on another origin may call, as on Supabase. */
export const API_PREFIXES = ['/rest/v1/', '/auth/v1/', '/storage/v1/', '/functions/v1/', '/realtime/v1/'] as const;

const EXPOSE_HEADERS = ['content-range', 'content-location', 'content-length', 'etag', 'range-unit', 'x-supabase-api-version', 'retry-after', 'x-request-id'];

/** On every API response: Supabase answers any origin, since credentials are bearer tokens, not cookies. */
export const CORS_RESPONSE_HEADERS: Readonly<Record<string, string>> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': EXPOSE_HEADERS.join(','),
};

/** Answers preflight requests (OPTIONS) on the API prefixes. */
export const corsPreflight = cors({
  origin: '*',
  allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
  allowHeaders: [
    'authorization',
    'apikey',
    'x-client-info',
    'content-type',
    'accept',
    'accept-profile',
    'content-profile',
    'prefer',
    'range',
    'range-unit',
    'x-upsert',
    'cache-control',
    'x-supabase-api-version',
    'x-retry-count',
    'x-device-id',
  ],
  exposeHeaders: EXPOSE_HEADERS,
  maxAge: 86400,
});

export function isApiPath(url: string): boolean {
  return API_PREFIXES.some((prefix) => url.startsWith(prefix));
}

/** The APIs whose answers are tokens or data chosen for the caller (storage sets its own caching). */
export function isPrivateApiPath(url: string): boolean {
  return url.startsWith('/auth/v1/') || url.startsWith('/rest/v1/') || url.startsWith('/functions/v1/');
}
