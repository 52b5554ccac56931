import type { User } from '@supabase/supabase-js';
import { supabase } from '../../../lib/supabase.ts';
import type { CheckedProfile, ProfileValues } from './profile-check.ts';

export function profileFromUser(user: User, bio: string | null | undefined): ProfileValues {
  const meta = (user.user_metadata ?? {}) as { name?: unknown; avatar_url?: unknown };
  return {
    name: typeof meta.name === 'string' ? meta.name : '',
    avatarUrl: typeof meta.avatar_url === 'string' ? meta.avatar_url : '',
    bio: bio ?? '',
  };
}

export async function fetchCreatorBio(userId: string): Promise<string | null> {
  const { data, error } = await supabase.from('creators').select('bio').eq('id', userId).maybeSingle();
  if (error) throw error;
  return (data as { bio: string | null } | null)?.bio ?? null;
}

/**
 * Spec §7 "update user with data {name, avatar_url}", then the public creator row (name and bio),
 * which cards, detail pages and comments read. A database trigger also copies name and avatar
 * from the auth user, so the two never disagree for long.
 */
export async function saveProfile(user: User, profile: CheckedProfile, fallbackName: string): Promise<User> {
  const { data, error } = await supabase.auth.updateUser({ data: { name: profile.name, avatar_url: profile.avatarUrl ?? '' } });
  if (error) throw error;
  const { error: creatorError } = await supabase
    .from('creators')
    .upsert({ id: user.id, name: profile.name || fallbackName, bio: profile.bio, avatar_url: profile.avatarUrl }, { onConflict: 'id' });
  if (creatorError) throw creatorError;
  return data.user;
}
