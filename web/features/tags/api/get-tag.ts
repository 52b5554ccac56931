import { useQuery } from '@tanstack/react-query';
import { PROJECTS_PAGE_SIZE } from '../../../../domain/limits.ts';
import { supabase } from '../../../lib/supabase.ts';
import { LISTING_COLUMNS, toProject, type ProjectRow } from '../../projects/index.ts';
import { tagKeys } from './query-keys.ts';

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

export async function fetchTag(slug: string) {
  if (!SLUG.test(slug)) return null;
  const [tag, projects] = await Promise.all([
    supabase.from('tags').select('id, slug, name').eq('slug', slug).maybeSingle(),
    supabase
      .from('project_listing')
      .select(LISTING_COLUMNS, { count: 'exact' })
      .eq('status', 'approved')
      .contains('tag_slugs', [slug])
      .order('created_at', { ascending: false })
      .limit(PROJECTS_PAGE_SIZE),
  ]);
  if (tag.error) throw tag.error;
  if (projects.error) throw projects.error;
  if (!tag.data) return null;
  return { tag: tag.data as { id: string; slug: string; name: string }, total: projects.count ?? 0, projects: (projects.data as unknown as ProjectRow[]).map(toProject) };
}

/** A tag and its newest approved projects (null when there is no such tag). */
export function useTag(slug: string) {
  return useQuery({ queryKey: tagKeys.page(slug), queryFn: () => fetchTag(slug) });
}
