import type { TestServer, TestUser } from '../../support/server.ts';

/** A maker with a creator row of the given name. */
export async function searchMaker(server: TestServer, name: string): Promise<TestUser> {
  const user = await server.createUser({ name });
  await server.ctx.db.query(`insert into public.creators (id, name) values ($1, $2) on conflict (id) do update set name = excluded.name`, [user.id, name]);
  return user;
}

export interface ProjectSpec {
  title: string;
  description: string;
  long_description?: string;
  tool?: 'Lovable' | 'Cursor' | 'Bolt';
  category?: string;
  status?: 'approved' | 'pending';
  /** A launch day ahead: approved but not launched yet. */
  launch_date?: string;
  points?: number;
  tags?: string[];
}

/** A project written by the database (setup), with its tags (made when missing). */
export async function searchProject(server: TestServer, maker: TestUser, spec: ProjectSpec): Promise<string> {
  const { rows } = await server.ctx.db.query<{ id: string }>(
    `insert into public.projects (title, description, long_description, tool, category, creator_id, status, launch_date)
     values ($1, $2, $3, $4, $5, $6, $7, $8) returning id`,
    [spec.title, spec.description, spec.long_description ?? null, spec.tool ?? 'Cursor', spec.category ?? 'App', maker.id, spec.status ?? 'approved', spec.launch_date ?? null],
  );
  const id = rows[0]!.id;
  if (spec.points) await server.ctx.db.query(`update public.projects set points = $2::float8, upvotes = $2::int where id = $1`, [id, spec.points]);
  for (const slug of spec.tags ?? []) await tagProject(server, id, slug);
  return id;
}

export async function tagProject(server: TestServer, projectId: string, slug: string, name = slug.replace(/-/g, ' ')): Promise<void> {
  let { rows } = await server.ctx.db.query<{ id: string }>(`select id from public.tags where slug = $1`, [slug]);
  if (!rows.length) ({ rows } = await server.ctx.db.query<{ id: string }>(`insert into public.tags (slug, name) values ($1, $2) returning id`, [slug, name]));
  await server.ctx.db.query(`insert into public.project_tags (project_id, tag_id) values ($1, $2) on conflict do nothing`, [projectId, rows[0]!.id]);
}

export interface SearchProjectRow {
  id: string;
  title: string;
  description: string;
  rank: number;
  title_highlight: string;
  description_highlight: string;
  tools: string[];
  tags: Array<{ slug: string; name: string }>;
}

export interface SearchAnswer {
  total: number;
  suggestion: string | null;
  projects: SearchProjectRow[];
}
