import { createClient } from '@supabase/supabase-js';
import { env } from './env.ts';

/** The app's one client: every read and write goes through it. */
export const supabase = createClient(env.supabaseUrl, env.supabaseAnonKey || 'missing-anon-key', {
  auth: {
    persistSession: true,
    autoRefreshToken: true,
    detectSessionInUrl: true,
    flowType: 'pkce',
  },
});
