import { safeHttpUrl } from '../../../lib/safe-url.ts';

/** A projects row as the API returns it, with the creator embedded (detail) or flattened (listing view). */
export interface ProjectRow {
  id: string;
  title: string;
  description: string;
  long_description: string | null;
  image_url: string | null;
  live_url: string | null;
  github_url: string | null;
  tool: string;
  category: string;
  creator_id: string;
  created_at: string;
  featured: boolean;
  upvotes: number;
  comment_count?: number | null;
  creators?: { id: string; name: string | null; bio: string | null; avatar_url?: string | null } | null;
  creator_name?: string | null;
  creator_bio?: string | null;
  /** Listing view (0171): every tool, the primary first, and the tags. */
  tools?: string[] | null;
  tags?: ProjectTag[] | null;
  /** Its best frozen award ("#1 Project of the Day"), from the listing view (issue 16). */
  award?: string | null;
}

export interface ProjectTag {
  slug: string;
  name: string;
}

export interface Creator {
  id: string;
  name: string;
  avatarUrl: string;
  bio: string;
}

/** The app's project shape (spec §3), plus the real comment count. */
export interface Project {
  id: string;
  title: string;
  description: string;
  longDescription: string;
  imageUrl: string;
  liveUrl: string;
  githubUrl: string;
  toolsUsed: string[];
  categories: string[];
  creator: Creator;
  createdAt: string;
  featured: boolean;
  upvotes: number;
  commentCount: number;
  tags: ProjectTag[];
  award: string | null;
}

/** Maps a row to the app shape; user links survive only as http(s) URLs, and a missing creator is 'Unknown'. */
export function toProject(row: ProjectRow): Project {
  const creatorName = row.creators?.name ?? row.creator_name ?? null;
  const creatorBio = row.creators?.bio ?? row.creator_bio ?? null;
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    longDescription: row.long_description ?? '',
    imageUrl: safeHttpUrl(row.image_url) ?? '',
    liveUrl: safeHttpUrl(row.live_url) ?? '',
    githubUrl: safeHttpUrl(row.github_url) ?? '',
    toolsUsed: row.tools?.length ? row.tools : row.tool ? [row.tool] : [],
    categories: row.category ? [row.category] : [],
    creator: {
      id: row.creators?.id ?? row.creator_id,
      name: creatorName?.trim() || 'Unknown',
      avatarUrl: '',
      bio: creatorBio ?? '',
    },
    createdAt: row.created_at,
    featured: Boolean(row.featured),
    upvotes: Number(row.upvotes ?? 0),
    commentCount: Number(row.comment_count ?? 0),
    tags: Array.isArray(row.tags) ? row.tags : [],
    award: row.award ?? null,
  };
}
