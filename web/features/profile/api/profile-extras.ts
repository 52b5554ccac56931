import type { User } from '@supabase/supabase-js';
import { profileLinksProblem } from '../../../../domain/display-name.ts';
import { ALLOWED_IMAGE_TYPES, IMAGE_MAX_BYTES } from '../../../../domain/limits.ts';
import { storage } from '../../../lib/storage.ts';
import { supabase } from '../../../lib/supabase.ts';

/** Avatars live in their own bucket, each person under a folder named by their id (migration 0285). */
export const AVATAR_BUCKET = 'avatars';

export const AVATAR_MESSAGES = {
  type: 'Choose a JPEG, PNG, GIF or WebP image',
  size: 'The image can be at most 5 MB',
  failed: "Couldn't upload your avatar. Please try again.",
} as const;

export function avatarProblem(file: File): string | null {
  if (!(ALLOWED_IMAGE_TYPES as readonly string[]).includes(file.type)) return AVATAR_MESSAGES.type;
  if (file.size > IMAGE_MAX_BYTES) return AVATAR_MESSAGES.size;
  return null;
}

/** The creator row exists before anything is written to it (made under the fallback name when missing). */
async function ensureCreatorRow(user: User, fallbackName: string): Promise<void> {
  const { data, error } = await supabase.from('creators').select('id').eq('id', user.id).maybeSingle();
  if (error) throw error;
  if (data) return;
  const { error: insertError } = await supabase.from('creators').insert({ id: user.id, name: fallbackName });
  if (insertError && insertError.code !== '23505') throw insertError;
}

/**
 * Uploads an avatar (storage checks its content and size), then points the account and the
 * creator profile at it. Returns its public URL.
 */
export async function uploadAvatar(user: User, file: File, fallbackName: string): Promise<string> {
  const ext = file.type.split('/')[1] === 'jpeg' ? 'jpg' : file.type.split('/')[1];
  const path = `${user.id}/${crypto.randomUUID()}.${ext}`;
  const { error } = await storage().from(AVATAR_BUCKET).upload(path, file, { contentType: file.type, cacheControl: '31536000' });
  if (error) throw error;
  const url = storage().from(AVATAR_BUCKET).getPublicUrl(path).data.publicUrl;
  await ensureCreatorRow(user, fallbackName);
  const { error: metaError } = await supabase.auth.updateUser({ data: { avatar_url: url } });
  if (metaError) throw metaError;
  const { error: rowError } = await supabase.from('creators').update({ avatar_url: url }).eq('id', user.id);
  if (rowError) throw rowError;
  return url;
}

export async function fetchCreatorLinks(userId: string): Promise<string[]> {
  const { data, error } = await supabase.from('creators').select('links').eq('id', userId).maybeSingle();
  if (error) throw error;
  return (data as { links: string[] } | null)?.links ?? [];
}

export function checkLinks(raw: readonly string[]): { links: string[]; problem: string | null } {
  const links = raw.map((l) => l.trim()).filter((l) => l !== '');
  return { links, problem: profileLinksProblem(links) };
}

export async function saveLinks(user: User, links: string[], fallbackName: string): Promise<void> {
  await ensureCreatorRow(user, fallbackName);
  const { error } = await supabase.from('creators').update({ links }).eq('id', user.id);
  if (error) throw error;
}
