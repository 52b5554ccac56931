import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '../../../lib/supabase.ts';
import type { ProjectTag } from './types.ts';

export interface TagRow extends ProjectTag {
  id: string;
  kind: 'stack' | 'topic';
}

/** The admin-curated tag list (a few dozen rows at most), stack tags first. */
export const tagsQuery = queryOptions({
  queryKey: ['tags'],
  queryFn: async (): Promise<TagRow[]> => {
    const { data, error } = await supabase.from('tags').select('id, slug, name, kind').order('kind').order('name');
    if (error) throw error;
    return data as TagRow[];
  },
  staleTime: 5 * 60_000,
});

export function useTags() {
  return useQuery(tagsQuery);
}
