import { displayNameProblem } from '../../../../domain/display-name.ts';
import type { User } from '@supabase/supabase-js';

/** Spec §7: the creator's name is the profile name, else the e-mail's local part, else 'Unknown'. */
export function creatorNameFor(user: Pick<User, 'email' | 'user_metadata'>): string {
  const meta = (user.user_metadata ?? {}) as { name?: unknown };
  const name = typeof meta.name === 'string' ? meta.name.trim() : '';
  // The database refuses a creator row under a name the rules refuse (decision 226).
  if (name && !displayNameProblem(name)) return name;
  const local = (user.email ?? '').split('@')[0]?.trim() ?? '';
  return local && !displayNameProblem(local) ? local : 'Unknown';
}
