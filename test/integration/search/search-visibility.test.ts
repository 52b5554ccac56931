import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../../support/server.ts';
import { searchMaker, searchProject, type SearchAnswer } from './fixtures.ts';

/**
 * Issue 34: a project the list does not show (in review, rejected, or approved for a launch day
 * still ahead) is in no search result, suggestion or facet count, for anyone: the list
 * (project_listing) shows those to nobody, not even their maker, and search follows it.
 */
let server: TestServer;
let maker: TestUser;
let hidden: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  maker = await searchMaker(server, 'Vera Visible');
  hidden = await searchMaker(server, 'Hugo Hiddenmaker');
  stranger = await server.createUser({ name: 'Sam Stranger' });
  await searchProject(server, maker, { title: 'Lantern Launched', description: 'A public lantern.', tool: 'Cursor', tags: ['lantern'] });
  await searchProject(server, hidden, { title: 'Lantern Pending', description: 'A lantern in review.', tool: 'Bolt', category: 'Blog', status: 'pending', tags: ['secret-wick'] });
  await searchProject(server, hidden, { title: 'Lantern Tomorrow', description: 'A lantern launching later.', tool: 'Lovable', category: 'Portfolio', launch_date: '2099-01-01', tags: ['secret-wick'] });
  const { rows } = await server.ctx.db.query<{ status: string; launched_at: string | null }>(
    `select status, launched_at from public.projects where title = 'Lantern Tomorrow'`,
  );
  // Approved for a later day: not launched.
  expect(rows[0]!.launched_at === null || new Date(rows[0]!.launched_at) > new Date()).toBe(true);
});
afterAll(() => server?.close());

describe('who sees what in search', () => {
  const callers = () => [
    ['a visitor', server.anon()],
    ['another member', stranger.client],
    ['the maker of the hidden projects', hidden.client],
  ] as const;

  it('search_projects shows only the launched project, to everyone', async () => {
    for (const [who, client] of callers()) {
      for (const q of ['lantern', 'lantern pending', 'lantern tomorrow', 'secret wick', 'hugo hiddenmaker', 'lantrn pendng']) {
        const { data, error } = await client.rpc('search_projects', { q });
        expect(error, who).toBeNull();
        const titles = (data as SearchAnswer).projects.map((p) => p.title);
        expect(titles, `${who}: ${q}`).not.toContain('Lantern Pending');
        expect(titles, `${who}: ${q}`).not.toContain('Lantern Tomorrow');
        expect((data as SearchAnswer).suggestion ?? '', `${who}: ${q}`).not.toMatch(/pending|tomorrow|hugo|secret/i);
      }
      const { data } = await client.rpc('search_projects', { q: 'lantern' });
      expect((data as SearchAnswer).projects.map((p) => p.title), who).toEqual(['Lantern Launched']);
      expect((data as SearchAnswer).total, who).toBe(1);
    }
  });

  it('search_suggest names no hidden project, its only maker or its only tags', async () => {
    for (const [who, client] of callers()) {
      for (const q of ['lantern', 'hugo', 'secret', 'lantern pend']) {
        const { data, error } = await client.rpc('search_suggest', { q });
        expect(error, who).toBeNull();
        const labels = (data as Array<{ label: string }>).map((s) => s.label).join('|');
        expect(labels, `${who}: ${q}`).not.toMatch(/Pending|Tomorrow|Hugo|secret/i);
      }
      const { data } = await client.rpc('search_suggest', { q: 'lantern' });
      expect(data, who).toContainEqual({ kind: 'project', label: 'Lantern Launched', value: expect.any(String) });
    }
  });

  it('search_facets counts only the launched project', async () => {
    for (const [who, client] of callers()) {
      const { data, error } = await client.rpc('search_facets', { q: 'lantern' });
      expect(error, who).toBeNull();
      expect(data, who).toMatchObject({
        matched: 1,
        tools: [{ value: 'Cursor', count: 1 }],
        tags: [{ slug: 'lantern', name: 'lantern', count: 1 }],
        categories: [{ value: 'App', count: 1 }],
      });
    }
  });

  it('the document table and the searchable view are not readable through the API', async () => {
    const direct = await server.anon().schema('showcase_private' as 'public').from('project_search').select('*');
    expect(direct.data ?? []).toEqual([]);
    const view = await server.anon().schema('showcase_private' as 'public').from('searchable_projects').select('title');
    expect(view.data ?? []).toEqual([]);
  });
});
