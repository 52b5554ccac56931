import { parsePeriod, periodLabel, sqlPeriod } from '../../domain/launch-periods.ts';
import { site } from '../../domain/site.ts';
import type { Queryable } from '../db/database.ts';
import { recentWinners } from '../launches/launches.ts';
import type { AnonReads } from '../security/caller.ts';
import type { ObjectRef } from '../storage/backend.ts';
import type { ObjectMetadata } from '../storage/object-store.ts';
import { readSiteIdentity } from '../web/public-data.ts';
import type { PreviewView } from './draw.ts';
import type { Shown, Subject } from './subjects.ts';

const PUBLIC_PREFIX = '/storage/v1/object/public/';

/**
 * A cover stored in this server's public storage, as the object it is (read through the storage
 * backend, never over HTTP). Images hosted elsewhere are not fetched: the card is drawn without.
 */
export async function coverRef(db: Queryable, imageUrl: string | null): Promise<(ObjectRef & { metadata: ObjectMetadata }) | undefined> {
  if (!imageUrl) return undefined;
  let path: string;
  try {
    path = new URL(imageUrl).pathname;
  } catch {
    return undefined;
  }
  if (!path.startsWith(PUBLIC_PREFIX)) return undefined;
  const [bucket, ...rest] = path.slice(PUBLIC_PREFIX.length).split('/');
  if (!bucket || rest.length === 0) return undefined;
  let name: string;
  try {
    name = rest.map(decodeURIComponent).join('/');
  } catch {
    return undefined;
  }
  const { rows } = await db.query<{ bucket_id: string; name: string; version: string | null; metadata: ObjectMetadata }>(
    `select o.bucket_id, o.name, o.version, o.metadata from storage.objects o join storage.buckets b on b.id = o.bucket_id and b.public
      where o.bucket_id = $1 and o.name = $2`,
    [bucket, name],
  );
  const row = rows[0];
  return row ? { bucket: row.bucket_id, key: row.name, version: row.version, metadata: row.metadata } : undefined;
}

interface ProjectRow {
  id: string;
  title: string;
  description: string;
  tools: string[];
  creator_name: string | null;
  upvotes: number;
  award: string | null;
  image_url: string | null;
}

const PROJECT_COLUMNS = 'id, title, description, tools, creator_name, upvotes, award, image_url';

function projectShown(siteName: string, row: ProjectRow): Shown {
  return {
    coverUrl: row.image_url,
    view: { kind: 'project', site: siteName, title: row.title, tagline: row.description, tools: row.tools ?? [], maker: row.creator_name ?? '', votes: row.upvotes, award: row.award },
  };
}

/** The newest launched projects and what their images show, in one read as anon (the job's look ahead). */
export async function readLaunchedProjects(read: AnonReads, limit: number): Promise<Array<{ subject: Subject; shown: Shown }>> {
  const identity = await readSiteIdentity(read, site);
  const rows = await read(async (tx) =>
    (await tx.query<ProjectRow>(`select ${PROJECT_COLUMNS} from public.project_listing order by launched_at desc nulls last, id limit $1`, [limit])).rows);
  return rows.map((row) => ({ subject: { kind: 'project', key: row.id }, shown: projectShown(identity.name, row) }));
}

/**
 * What the subject's image shows, read as `anon` through the same policies as the API: a pending,
 * unlaunched, hidden or missing project (or any other subject anon cannot see) is undefined.
 * The vote counts are the public count (projects.upvotes, decision 212).
 */
export async function readShown(read: AnonReads, s: Subject): Promise<Shown | undefined> {
  const identity = readSiteIdentity(read, site);
  switch (s.kind) {
    case 'project': {
      const row = await read(async (tx) => (await tx.query<ProjectRow>(`select ${PROJECT_COLUMNS} from public.project_listing where id = $1`, [s.key])).rows[0]);
      return row ? projectShown((await identity).name, row) : undefined;
    }
    case 'maker': {
      const row = await read(async (tx) =>
        (
          await tx.query<{ name: string; handle: string | null; bio: string | null; projects: number; votes: number }>(
            `select c.name, c.handle, c.bio,
                    (select count(*)::int from public.project_listing l where l.creator_id = c.id) as projects,
                    (select coalesce(sum(l.upvotes), 0)::int from public.project_listing l where l.creator_id = c.id) as votes
               from public.creators c where c.id = $1`,
            [s.key],
          )
        ).rows[0]);
      if (!row) return undefined;
      return { view: { kind: 'maker', site: (await identity).name, name: row.name, handle: row.handle, bio: row.bio, projects: row.projects, votes: row.votes } };
    }
    case 'tag': {
      const row = await read(async (tx) =>
        (
          await tx.query<{ name: string; projects: number; top: string[] }>(
            `select t.name,
                    (select count(*)::int from public.project_tags pt join public.project_listing l on l.id = pt.project_id where pt.tag_id = t.id) as projects,
                    array(select l.title from public.project_tags pt join public.project_listing l on l.id = pt.project_id
                           where pt.tag_id = t.id order by l.upvotes desc, l.launched_at desc, l.id limit 4) as top
               from public.tags t where t.slug = $1`,
            [s.key],
          )
        ).rows[0]);
      if (!row) return undefined;
      return { view: { kind: 'tag', site: (await identity).name, name: row.name, projects: row.projects, top: row.top } };
    }
    case 'leaderboard': {
      const [kind, value] = s.key.split('/');
      const period = parsePeriod(kind, value);
      if (!period) return undefined;
      const rows = await read(async (tx) =>
        (await tx.query<{ rank: number | null; title: string; upvotes: number; shuffled: boolean }>('select rank, title, upvotes, shuffled from public.launch_leaderboard($1, $2::date, 5)', [sqlPeriod(period.kind), period.start])).rows);
      const heading = period.kind === 'daily' ? 'Daily leaderboard' : period.kind === 'weekly' ? 'Weekly leaderboard' : 'Monthly leaderboard';
      return {
        view: {
          kind: 'leaderboard',
          site: (await identity).name,
          heading,
          period: periodLabel(period),
          // While the day's order is shuffled (decision 161) the image shows neither ranks nor counts.
          entries: rows.map((r) => ({ rank: r.shuffled ? null : r.rank, title: r.title, votes: r.shuffled ? null : r.upvotes })),
        },
      };
    }
    case 'winners': {
      const winners = await recentWinners(read, 5);
      return { view: { kind: 'winners', site: (await identity).name, entries: winners.map((w) => ({ award: w.award, title: w.title })) } };
    }
  }
}

/** The vote counts an image shows (they may lag by up to PREVIEW_VOTE_REDRAW), apart from everything else it shows. */
export function votesOf(view: PreviewView): number[] {
  if (view.kind === 'project' || view.kind === 'maker') return [view.votes];
  if (view.kind === 'leaderboard') return view.entries.map((e) => e.votes ?? -1);
  return [];
}

/** The view with its vote counts blanked: equal for two views that differ only in votes. */
export function withoutVotes(view: PreviewView): PreviewView {
  if (view.kind === 'project' || view.kind === 'maker') return { ...view, votes: 0 };
  if (view.kind === 'leaderboard') return { ...view, entries: view.entries.map((e) => ({ ...e, votes: null })) };
  return view;
}
