import { queryOptions, useQuery } from '@tanstack/react-query';
import { TAG_COLUMNS, tagsRequest } from '../../../../domain/first-screen.ts';
import { takePrimedJson } from '../../../lib/first-screen.ts';
import { supabase } from '../../../lib/supabase.ts';
import type { ProjectTag } from './types.ts';
import { projectKeys } from './query-keys.ts';

export interface TagRow extends ProjectTag {
  id: string;
  kind: 'stack' | 'topic';
}

/** The admin-curated tag list (a few dozen rows at most), stack tags first. */
export const tagsQuery = queryOptions({
  queryKey: projectKeys.tags,
  // The chips sit above /projects' results: from the page's data they are there on the first
  // render, so the results below never move down when they come (issue 21).
  initialData: () => takePrimedJson<TagRow[]>(tagsRequest()),
  queryFn: async (): Promise<TagRow[]> => {
    const { data, error } = await supabase.from('tags').select(TAG_COLUMNS).order('kind').order('name');
    if (error) throw error;
    return data as TagRow[];
  },
  staleTime: 5 * 60_000,
});

export function useTags() {
  return useQuery(tagsQuery);
}
