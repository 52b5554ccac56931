import { useQuery } from '@tanstack/react-query';
import { supabase } from '../../../lib/supabase.ts';
import { projectKeys } from '../../projects/index.ts';

export interface AdminTag {
  id: string;
  slug: string;
  name: string;
  kind: 'stack' | 'topic';
}

/** The curated tag list, as the admin tags page shows it (kind, then name). */
export function useAdminTags() {
  return useQuery({
    queryKey: projectKeys.tags,
    queryFn: async () => {
      const { data, error } = await supabase.from('tags').select('id, slug, name, kind').order('kind').order('name');
      if (error) throw error;
      return data as AdminTag[];
    },
  });
}

export async function addTag(name: string, kind: AdminTag['kind']) {
  const { error } = await supabase.from('tags').insert({ name, kind });
  return error;
}

export async function renameTag(id: string, name: string) {
  const { error } = await supabase.from('tags').update({ name }).eq('id', id);
  return error;
}

/** The merge_tags RPC: every project tagged `source` gets `target` instead; `source` goes. */
export async function mergeTags(source: string, target: string) {
  const { error } = await supabase.rpc('merge_tags', { source_slug: source, target_slug: target });
  return error;
}
