import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { mentionedHandles } from '../../../../domain/handles.ts';
import { supabase } from '../../../lib/supabase.ts';
import type { Comment } from './comment-rows.ts';
import { commentKeys } from './query-keys.ts';

/** The handles mentioned in these comments (lowercase, sorted, at most 100). */
export function handlesIn(comments: readonly Comment[]): string[] {
  const all = new Set<string>();
  for (const c of comments) for (const handle of mentionedHandles(c.content)) all.add(handle);
  return [...all].sort().slice(0, 100);
}

export async function fetchMentionLinks(handles: readonly string[]): Promise<Record<string, string>> {
  if (handles.length === 0) return {};
  const { data, error } = await supabase.from('creators').select('id,handle').in('handle', [...handles]);
  if (error) throw error;
  return Object.fromEntries((data as { id: string; handle: string }[]).map((c) => [c.handle, c.id]));
}

/**
 * Which mentioned handles belong to a creator (handle → creator id), so the renderer links those
 * and leaves the rest as text. One request for every comment shown; the previous answer stays
 * while a new handle is looked up, so links do not flicker.
 */
export function useMentionLinks(comments: readonly Comment[]) {
  const handles = handlesIn(comments);
  return useQuery({
    queryKey: commentKeys.mentions(handles),
    queryFn: () => fetchMentionLinks(handles),
    enabled: handles.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
}
