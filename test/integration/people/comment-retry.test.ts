import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCommentOnce } from '../../../web/features/comments/api/insert-comment-once.ts';
import { startTestServer, type TestServer, type TestUser } from '../../support/server.ts';
import { approvedProject, countRows } from './fixtures.ts';

/**
 * A comment is stored at most once (issue 30, decision 222): the browser makes its id, and a retry
 * after a timeout, whose first try may have been stored, answers that stored comment instead of a
 * second one or an error. An id that is someone else's comment is refused and changes nothing.
 */
let server: TestServer;
let author: TestUser;
let other: TestUser;
let project: string;

beforeAll(async () => {
  server = await startTestServer();
  author = await server.createUser({ name: 'Ada' });
  other = await server.createUser({ name: 'Mallory' });
  project = await approvedProject(server, author, 'Retried');
});
afterAll(() => server?.close());

const stored = (id: string) => countRows(server, 'select 1 from public.project_comments where id = $1', [id]);

describe('a comment posted twice under its browser-made id', () => {
  it('is stored once, and the second answer is the stored comment, not an error', async () => {
    const id = randomUUID();
    const first = await insertCommentOnce(author.client, author.id, { id, project_id: project, content: 'Posted while the answer was lost' });
    expect(first.error).toBeNull();
    expect(first.data).toMatchObject({ id, user_id: author.id, content: 'Posted while the answer was lost' });

    const retry = await insertCommentOnce(author.client, author.id, { id, project_id: project, content: 'Posted while the answer was lost' });
    expect(retry.error).toBeNull();
    expect(retry.data).toMatchObject({ id, user_id: author.id, content: 'Posted while the answer was lost' });
    expect(await stored(id)).toBe(1);
    expect(await countRows(server, 'select 1 from public.project_comments where project_id = $1', [project])).toBe(1);
  });

  it("someone else's comment id is refused: nothing overwritten, nothing added, nothing answered as theirs", async () => {
    const id = randomUUID();
    const original = await insertCommentOnce(author.client, author.id, { id, project_id: project, content: 'Mine' });
    expect(original.error).toBeNull();

    const taken = await insertCommentOnce(other.client, other.id, { id, project_id: project, content: 'Hijacked' });
    expect(taken.data).toBeNull();
    expect(taken.error?.code).toBe('23505');

    // Nor can an upsert turn the duplicate into an update of another's row: RLS refuses it.
    const upsert = await other.client.from('project_comments').upsert({ id, project_id: project, content: 'Hijacked', user_id: other.id }).select('id');
    expect(upsert.error).not.toBeNull();

    const { rows } = await server.ctx.db.query<{ user_id: string; content: string }>('select user_id, content from public.project_comments where id = $1', [id]);
    expect(rows).toEqual([{ user_id: author.id, content: 'Mine' }]);
  });
});
