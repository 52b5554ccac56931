import { cors } from 'hono/cors';

/** Supabase answers API calls from any origin; the browser's credentials are bearer tokens, not cookies. */
export const supabaseCors = cors({
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
  exposeHeaders: ['content-range', 'content-location', 'content-length', 'etag', 'range-unit', 'x-supabase-api-version', 'retry-after'],
  maxAge: 86400,
});
