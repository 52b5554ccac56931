import type { User } from '@supabase/supabase-js';

/** Spec §7: the creator's name is the profile name, else the e-mail's local part, else 'Unknown'. */
export function creatorNameFor(user: Pick<User, 'email' | 'user_metadata'>): string {
  const meta = (user.user_metadata ?? {}) as { name?: unknown };
  const name = typeof meta.name === 'string' ? meta.name.trim() : '';
  if (name) return name.slice(0, 100);
  const local = (user.email ?? '').split('@')[0]?.trim() ?? '';
  return local ? local.slice(0, 100) : 'Unknown';
}
