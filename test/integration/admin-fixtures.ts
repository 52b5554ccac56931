import { randomBytes } from 'node:crypto';
import type { TestServer, TestUser } from '../support/server.ts';

/** Test data written straight to the database: setup, not the behaviour under test. */
export async function makeCreator(server: TestServer, user: TestUser, name = 'Maker'): Promise<void> {
  await server.ctx.db.query(`insert into public.creators (id, name) values ($1, $2) on conflict do nothing`, [user.id, name]);
}

export async function makeProject(
  server: TestServer,
  owner: TestUser,
  fields: { title?: string; status?: 'pending' | 'approved' | 'rejected'; featured?: boolean } = {},
): Promise<string> {
  await makeCreator(server, owner);
  const { rows } = await server.ctx.db.query<{ id: string }>(
    `insert into public.projects (title, description, tool, category, creator_id, status, featured)
     values ($1, 'A project', 'Cursor', 'App', $2, $3, $4) returning id`,
    [fields.title ?? 'Project ' + randomBytes(3).toString('hex'), owner.id, fields.status ?? 'pending', fields.featured ?? false],
  );
  return rows[0]!.id;
}

export async function makeComment(server: TestServer, author: TestUser, projectId: string, content = 'Nice work'): Promise<string> {
  const { rows } = await server.ctx.db.query<{ id: string }>(
    `insert into public.project_comments (project_id, user_id, content) values ($1, $2, $3) returning id`,
    [projectId, author.id, content],
  );
  return rows[0]!.id;
}

export async function userRow(server: TestServer, id: string) {
  const { rows } = await server.ctx.db.query<{ role: string | null; banned_until: Date | null }>(
    `select raw_app_meta_data ->> 'role' as role, banned_until from auth.users where id = $1`,
    [id],
  );
  return rows[0]!;
}

export async function projectRow(server: TestServer, id: string) {
  const { rows } = await server.ctx.db.query<{ status: string; featured: boolean; rejection_reason: string | null }>(
    `select status, featured, rejection_reason from public.projects where id = $1`,
    [id],
  );
  return rows[0];
}

