import { RealtimeClient } from '@supabase/realtime-js';
import { env } from '../env.ts';
import { supabase } from '../supabase.ts';

/**
 * The standalone realtime client, in a chunk of its own: loaded after first render, and only by a
 * page with live parts on screen (decision 193). supabase-js's own realtime client stays the
 * build's stub (decision 051). It joins with the signed-in user's token, or the anon key.
 */
export function createRealtime(): RealtimeClient {
  const client = new RealtimeClient(`${env.supabaseUrl.replace(/^http/i, 'ws')}/realtime/v1`, {
    params: { apikey: env.supabaseAnonKey },
    accessToken: async () => (await supabase.auth.getSession()).data.session?.access_token ?? null,
  });
  supabase.auth.onAuthStateChange((_event, session) => {
    void client.setAuth(session?.access_token ?? null);
  });
  return client;
}
