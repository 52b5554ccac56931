import { useQuery } from '@tanstack/react-query';
import type { PublishedContent } from '../../../../domain/content.ts';
import { supabase } from '../../../lib/supabase.ts';
import { contentKeys } from './query-keys.ts';

/** A published content item as the public pages show it (RLS hides drafts from visitors). */
export type ContentItem = PublishedContent;

const LIST_COLUMNS = 'slug, title, category, excerpt, author, read_time, created_at';
const FULL_COLUMNS = `${LIST_COLUMNS}, body`;

export type BlogSummary = Omit<ContentItem, 'body'>;

/** Published blog posts, newest first. */
export function useBlogPosts() {
  return useQuery({
    queryKey: contentKeys.blog,
    queryFn: async (): Promise<BlogSummary[]> => {
      const { data, error } = await supabase
        .from('content_items')
        .select(LIST_COLUMNS)
        .eq('type', 'blog')
        .eq('status', 'published')
        .order('created_at', { ascending: false })
        .limit(100);
      if (error) throw error;
      return (data ?? []) as BlogSummary[];
    },
  });
}

/** One published blog post by slug; null when there is none (unknown, draft or a document). */
export function useBlogPost(slug: string) {
  return useQuery({
    queryKey: contentKeys.post(slug),
    queryFn: async (): Promise<ContentItem | null> => {
      const { data, error } = await supabase
        .from('content_items')
        .select(FULL_COLUMNS)
        .eq('type', 'blog')
        .eq('status', 'published')
        .eq('slug', slug)
        .maybeSingle();
      if (error) throw error;
      return (data as ContentItem | null) ?? null;
    },
  });
}

/** Published documentation sections in the admin's order. */
export function useDocumentation() {
  return useQuery({
    queryKey: contentKeys.documentation,
    queryFn: async (): Promise<ContentItem[]> => {
      const { data, error } = await supabase
        .from('content_items')
        .select(FULL_COLUMNS)
        .eq('type', 'documentation')
        .eq('status', 'published')
        .order('position', { ascending: true })
        .order('created_at', { ascending: true });
      if (error) throw error;
      return (data ?? []) as ContentItem[];
    },
  });
}
