import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { supabase } from '../../../lib/supabase.ts';
import { contentKeys } from '../../static-pages/index.ts';
import { adminKeys } from './query-keys.ts';
import { PAGE_SIZE, searchPattern } from './errors.ts';

import type { ContentItem, ContentType } from '../../../../domain/content.ts';

export type ContentDraft = Pick<ContentItem, 'type' | 'title' | 'category' | 'excerpt' | 'body' | 'author' | 'status'>;

export function useAdminContent(type: ContentType, search: string, page: number) {
  return useQuery({
    queryKey: adminKeys.content(type, search, page),
    meta: { private: true },
    placeholderData: keepPreviousData,
    queryFn: async () => {
      let query = supabase
        .from('content_items')
        .select('*', { count: 'exact' })
        .eq('type', type)
        .order('created_at', { ascending: false })
        .range(page * PAGE_SIZE, page * PAGE_SIZE + PAGE_SIZE - 1);
      const pattern = searchPattern(search);
      if (pattern) query = query.or(`title.ilike.${pattern},author.ilike.${pattern}`);
      const { data, error, count } = await query;
      if (error) throw error;
      return { rows: data as ContentItem[], total: count ?? 0 };
    },
  });
}

export function useSaveContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, draft }: { id?: string; draft: ContentDraft }) => {
      const { error } = id
        ? await supabase.from('content_items').update(draft).eq('id', id)
        : await supabase.from('content_items').insert(draft);
      if (error) throw error;
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.allContent });
      void queryClient.invalidateQueries({ queryKey: contentKeys.all });
    },
  });
}

export function useDeleteContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      const { error, count } = await supabase.from('content_items').delete({ count: 'exact' }).eq('id', id);
      if (error) throw error;
      if (count === 0) throw new Error('This item no longer exists or you may not delete it.');
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.allContent });
      void queryClient.invalidateQueries({ queryKey: contentKeys.all });
    },
  });
}

/** The same rule as the database's generated column: 200 words a minute, at least one. */
export function estimateReadTime(body: string): number {
  const words = body.trim() ? body.trim().split(/\s+/).length : 0;
  return Math.max(1, Math.ceil(words / 200));
}
