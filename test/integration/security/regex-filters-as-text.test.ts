import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { literalRegex } from '../../../web/features/projects/api/filters.ts';
import { startTestServer, type TestServer, type TestUser } from '../../support/server.ts';
import { makeProject } from '../admin-fixtures.ts';

/**
 * M6: imatch with a backtracking pattern, (.{0,99}){1,100}, held PGlite (and so every request,
 * static pages included) for seconds. Regular expressions are admitted only as plain text —
 * escaped, optionally anchored — which is all the site's search sends: for every role on PGlite,
 * for anon on Postgres (where per-role statement timeouts bound the rest).
 */
let server: TestServer;
let user: TestUser;
const TITLES = ['C++ (beta) tools', 'Price: $5.00?', 'a|b [test] {x}', 'back\\slash', 'Plain title'];
beforeAll(async () => {
  server = await startTestServer();
  user = await server.createUser();
  for (const title of TITLES) await makeProject(server, user, { status: 'approved', title });
});
afterAll(() => server?.close());

const listing = (filter: string, token?: string) =>
  fetch(`${server.url}/rest/v1/project_listing?select=title&${filter}`, {
    headers: { apikey: server.anonKey, authorization: `Bearer ${token ?? server.anonKey}` },
  });

const HOSTILE = ['(.{0,99}){1,100}', '(a+)+$', '^[AB]', 'x\\d+', 'a|b', '(?i)x', '***:x', '.*', 'x{2,}', 'abc\\', 'x'.repeat(300)];

describe('regex filters are admitted as plain text only', () => {
  it('what the site’s search sends (each special character escaped) is accepted and matches literally', async () => {
    for (const title of TITLES) {
      const res = await listing(`search_text=imatch.${encodeURIComponent(literalRegex(title.toUpperCase()))}`);
      expect(res.status, title).toBe(200);
      expect((await res.json()).map((r: { title: string }) => r.title), title).toEqual([title]);
    }
    // Anchors at the ends are plain text too.
    const anchored = await listing(`title=match.${encodeURIComponent('^Plain title$')}`);
    expect(await anchored.json()).toEqual([{ title: 'Plain title' }]);
  });

  it('a pattern that is a regular expression is refused with 400 for anon, in filters, logic trees and writes', async () => {
    for (const pattern of HOSTILE) {
      const plain = await listing(`search_text=imatch.${encodeURIComponent(pattern)}`);
      expect(plain.status, pattern).toBe(400);
      expect((await plain.json()).code, pattern).toBe('2201B');
      // Inside a logic tree (where a trailing backslash may already fail to parse).
      expect((await listing(`or=(title.match.${encodeURIComponent(`"${pattern}"`)},id.is.null)`)).status, pattern).toBe(400);
    }
    const list = await listing(`title=imatch(any).${encodeURIComponent('{a,b}')}`);
    expect(list.status).toBe(400);
  });

  it('signed-in callers are refused on PGlite (one thread for everyone), admitted on Postgres (statement timeouts bound them)', async () => {
    const res = await listing(`title=match.${encodeURIComponent('^[CP]')}`, user.token);
    if (server.ctx.db.kind === 'pglite') {
      expect(res.status).toBe(400);
      const service = await fetch(`${server.url}/rest/v1/project_listing?select=title&title=match.${encodeURIComponent('^[CP]')}`, {
        headers: { apikey: server.serviceRoleKey },
      });
      expect(service.status).toBe(400);
    } else {
      expect(res.status).toBe(200);
      expect((await res.json()).map((r: { title: string }) => r.title).sort()).toEqual(['C++ (beta) tools', 'Plain title', 'Price: $5.00?']);
    }
  });

  it('a refused pattern writes nothing', async () => {
    const { rows: before } = await server.ctx.db.query<{ n: number }>(`select count(*)::int as n from public.projects where title like 'x%'`);
    const res = await fetch(`${server.url}/rest/v1/projects?title=match.${encodeURIComponent('(.*)*')}`, {
      method: 'PATCH',
      headers: { apikey: server.anonKey, authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'xx' }),
    });
    expect(res.status).toBe(server.ctx.db.kind === 'pglite' ? 400 : 204);
    const { rows: after } = await server.ctx.db.query<{ n: number }>(`select count(*)::int as n from public.projects where title like 'x%'`);
    if (server.ctx.db.kind === 'pglite') expect(after[0]!.n).toBe(before[0]!.n);
  });
});
