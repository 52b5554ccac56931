import { RealtimeClient } from '@supabase/realtime-js';
import { env } from '../env.ts';
import { supabase } from '../supabase.ts';

/**
 * The standalone realtime client, in a chunk of its own: loaded after first render, and only by a
 * page with live parts on screen (decision 193). supabase-js's own realtime client stays the
 * build's stub (decision 051). It joins with the signed-in user's token, or the anon key.
 */
export async function createRealtime(): Promise<RealtimeClient> {
  const client = new RealtimeClient(`${env.supabaseUrl.replace(/^http/i, 'ws')}/realtime/v1`, {
    params: { apikey: env.supabaseAnonKey },
    accessToken: async () => (await supabase.auth.getSession()).data.session?.access_token ?? null,
  });
  supabase.auth.onAuthStateChange((_event, session) => {
    void client.setAuth(session?.access_token ?? null);
  });
  // The token is in hand before any channel joins. Otherwise a join sent while the session is
  // still being read goes out with the anon key, and realtime-js only puts the token arriving
  // mid-join into the payload of a later rejoin: a signed-in visitor's channels would act as anon.
  await client.setAuth();
  return client;
}
