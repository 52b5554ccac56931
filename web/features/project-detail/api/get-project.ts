import { useQuery } from '@tanstack/react-query';
import { PROJECT_DETAIL_SELECT } from '../../../../domain/first-screen.ts';
import { isUuid } from '../../../../domain/ids.ts';
import { safeHttpUrl } from '../../../lib/safe-url.ts';
import { supabase } from '../../../lib/supabase.ts';
import { projectAwards, type Award, type AwardRow } from '../../../../domain/launch-awards.ts';
import { toProject, type Project, type ProjectRow } from '../../projects/index.ts';
import { projectDetailKeys } from './query-keys.ts';



/**
 * The page's project, with its review state: visitors only ever see launched projects, but RLS
 * also lets owners (and staff, co-makers) open one that is pending, rejected or not launched yet.
 */
export interface ProjectDetail extends Project {
  status: 'pending' | 'approved' | 'rejected';
  rejectionReason: string | null;
  /** The gallery in order (the first is the cover), http(s) URLs only. */
  images: Array<{ id: string; url: string; alt: string }>;
  videoUrl: string;
  videoPosterUrl: string;
  /** When it launches or launched (approved projects), null before approval. */
  launchedAt: string | null;
  /** Its frozen winner awards, best first (issue 16). */
  awards: Award[];
  /** Whether its outbound links may carry ?ref= (the maker's opt-out; decision 237). */
  outboundRef: boolean;
}

interface DetailRow extends ProjectRow {
  status?: ProjectDetail['status'];
  rejection_reason?: string | null;
  project_tools?: Array<{ tool: string }> | null;
  project_tags?: Array<{ tags: { slug: string; name: string } | null }> | null;
  project_images?: Array<{ id: string; url: string; position: number; alt: string | null }> | null;
  video_url?: string | null;
  video_poster_url?: string | null;
  launched_at?: string | null;
  launch_winners?: AwardRow[] | null;
  outbound_ref?: boolean | null;
}

/** One project with its creator (spec §7 "Read one project"); null when there is no such visible project. */
export async function fetchProject(id: string): Promise<ProjectDetail | null> {
  // A malformed id cannot name a project; asking would only earn a database error.
  if (!isUuid(id)) return null;
  const { data, error } = await supabase.from('projects').select(PROJECT_DETAIL_SELECT).eq('id', id).maybeSingle();
  if (error) throw error;
  if (!data) return null;
  const row = data as unknown as DetailRow;
  const others = (row.project_tools ?? []).map((t) => t.tool).filter((t) => t !== row.tool).sort();
  const tags = (row.project_tags ?? []).flatMap((t) => (t.tags ? [t.tags] : [])).sort((a, b) => a.name.localeCompare(b.name));
  const images = [...(row.project_images ?? [])]
    .sort((a, b) => a.position - b.position)
    .flatMap((i) => {
      const url = safeHttpUrl(i.url);
      return url ? [{ id: i.id, url, alt: i.alt ?? '' }] : [];
    });
  return {
    ...toProject({ ...row, tools: [row.tool, ...others], tags }),
    status: row.status ?? 'approved',
    rejectionReason: row.rejection_reason ?? null,
    images,
    videoUrl: row.video_url ?? '',
    videoPosterUrl: safeHttpUrl(row.video_poster_url) ?? '',
    launchedAt: row.launched_at ?? null,
    awards: projectAwards(row.launch_winners),
    outboundRef: row.outbound_ref !== false,
  };
}

export function useProject(id: string) {
  return useQuery({ queryKey: projectDetailKeys.detail(id), queryFn: () => fetchProject(id), retry: 1 });
}
