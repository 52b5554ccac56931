import { StorageClient } from '@supabase/storage-js';
import { env } from './env.ts';
import { withTimeout } from './request-timeout.ts';
import { supabase } from './supabase.ts';

let client: StorageClient | undefined;

/**
 * The app's storage client (supabase-js's own `supabase.storage` is a stub in the browser build:
 * web/lib/storage-stub.ts). It sends what supabase-js would: the anon key, and the signed-in
 * user's access token, read from the session at each call so a refreshed token is used; and every
 * request has the app's deadline (request-timeout.ts).
 */
export function storage(): StorageClient {
  client ??= new StorageClient(
    `${env.supabaseUrl}/storage/v1`,
    { apikey: env.supabaseAnonKey },
    withTimeout(async (input, init) => {
      const headers = new Headers(init?.headers);
      if (!headers.has('Authorization')) {
        const { data } = await supabase.auth.getSession();
        headers.set('Authorization', `Bearer ${data.session?.access_token ?? env.supabaseAnonKey}`);
      }
      return fetch(input, { ...init, headers });
    }),
  );
  return client;
}
