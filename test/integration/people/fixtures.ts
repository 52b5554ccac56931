import type { TestServer, TestUser } from '../../support/server.ts';
import { ensureCreator } from '../notifications/fixtures.ts';

export { anonymousUser, approvedProject, ensureCreator, postComment } from '../notifications/fixtures.ts';

/** A project in review (visible only to its makers and staff), written by the database (setup). */
export async function pendingProject(server: TestServer, maker: TestUser, title: string): Promise<string> {
  await ensureCreator(server, maker);
  const { rows } = await server.ctx.db.query<{ id: string }>(
    `insert into public.projects (title, description, tool, category, creator_id, status)
     values ($1, 'A project', 'Cursor', 'App', $2, 'pending') returning id`,
    [title, maker.id],
  );
  return rows[0]!.id;
}

/** Rows of a table as the server's own connection sees them (no RLS): for "nothing stored" checks. */
export async function countRows(server: TestServer, sql: string, params: unknown[] = []): Promise<number> {
  const { rows } = await server.ctx.db.query<{ n: number }>(`select count(*)::int as n from (${sql}) t`, params);
  return rows[0]!.n;
}
