import { isUuid } from '../../domain/ids.ts';
import type { AnonReads } from '../security/caller.ts';

/** What a project's embeddable card and its oEmbed answer show, as a visitor may read it. */
export interface CardProject {
  id: string;
  title: string;
  /** The tagline (the short description). */
  description: string;
  image_url: string | null;
  live_url: string | null;
  upvotes: number;
  /** The maker's choice about ?ref= on their links (decision 237). */
  outbound_ref: boolean;
  creator_id: string | null;
  maker_name: string | null;
}

/**
 * A launched project as `anon` reads it through the caller executor: RLS decides, so a pending,
 * rejected, hidden or unknown project is undefined, exactly as on the API; a project approved for
 * a later launch day is not launched yet and is undefined too (its page is not public either).
 */
export async function readCardProject(read: AnonReads, id: string): Promise<CardProject | undefined> {
  if (!isUuid(id)) return undefined;
  return read(async (tx) =>
    (
      await tx.query<CardProject>(
        `select p.id, p.title, p.description, p.image_url, p.live_url, p.upvotes, p.outbound_ref, p.creator_id, c.name as maker_name
           from public.projects p left join public.creators c on c.id = p.creator_id
          where p.id = $1 and showcase_private.is_launched(p.status, p.launched_at)`,
        [id.toLowerCase()],
      )
    ).rows[0]);
}
