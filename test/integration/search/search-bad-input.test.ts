import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../support/server.ts';
import { searchMaker, searchProject, type SearchAnswer } from './fixtures.ts';

/**
 * Issue 34's bad input: whatever q is, the three search functions answer 200 with a sensible
 * result or none (never a 500), and the work stays bounded (q is cut to 200 characters).
 */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  const maker = await searchMaker(server, 'Petra Punctual');
  await searchProject(server, maker, { title: 'Recipe Radar', description: 'Tells you what to cook from your fridge.' });
  await searchProject(server, maker, { title: 'Regex (Tester) [v2]', description: 'Checks .* and \\d+ patterns; 100% safe.' });
});
afterAll(() => server?.close());

const BAD_INPUTS: Array<[string, string]> = [
  ['only stop words', 'the and of or not'],
  ['only punctuation', '!!! ??? ... ,,, ;;; ::: ((( ))) --- &&& |||'],
  ['500 characters', 'recipe '.repeat(72).slice(0, 500)],
  ['500 characters of one word', 'x'.repeat(500)],
  ['SQL metacharacters', "'; drop table public.projects; -- \" \\ %_"],
  ['regex metacharacters', '.* (a+)+$ [^x] \\d{1,99} ^$ |'],
  ['tsquery operators', "recipe & | ! <-> :* ' ( )"],
  ['unbalanced quotes', '"recipe radar'],
  ['quotes only', '"""""'],
  ['a lone minus', '-'],
  ['emoji', '🍳🥘 recipe 👩‍🍳'],
  ['NUL-free control characters', '\u0001\u0002\u0003 recipe \u0007'],
  ['empty', ''],
  ['whitespace', '   \t\n  '],
];

describe('search with bad input', () => {
  it.each(BAD_INPUTS)('%s: search_projects, search_facets and search_suggest answer 200', async (_name, q) => {
    const anon = server.anon();
    const projects = await anon.rpc('search_projects', { q });
    expect(projects.error).toBeNull();
    expect(projects.status).toBe(200);
    const answer = projects.data as SearchAnswer;
    expect(Array.isArray(answer.projects)).toBe(true);
    expect(answer.total).toBe(answer.projects.length);

    const facets = await anon.rpc('search_facets', { q });
    expect(facets.error).toBeNull();
    expect(facets.status).toBe(200);
    expect(facets.data.matched).toBe(answer.total);

    const suggest = await anon.rpc('search_suggest', { q });
    expect(suggest.error).toBeNull();
    expect(suggest.status).toBe(200);
    expect(Array.isArray(suggest.data)).toBe(true);
  });

  it('answers sensibly: stop words and punctuation find nothing, noise around a word still finds it', async () => {
    const anon = server.anon();
    expect((await anon.rpc('search_projects', { q: 'the and of' })).data).toMatchObject({ total: 0, projects: [] });
    expect((await anon.rpc('search_projects', { q: '!!! ??? ...' })).data).toMatchObject({ total: 0, projects: [] });
    expect((await anon.rpc('search_projects', { q: '"recipe radar' })).data.projects[0].title).toBe('Recipe Radar');
    expect((await anon.rpc('search_projects', { q: '🍳 recipe 👩‍🍳' })).data.projects[0].title).toBe('Recipe Radar');
    expect((await anon.rpc('search_projects', { q: "'; drop table public.projects; --" })).data.total).toBe(0);
    // The regex characters are plain text: the project with them in its name is found by its words.
    expect((await anon.rpc('search_projects', { q: '(tester) [v2]' })).data.projects[0].title).toBe('Regex (Tester) [v2]');
    const { rows } = await server.ctx.db.query<{ n: number }>('select count(*)::int as n from public.projects');
    expect(rows[0]!.n).toBe(2);
  });

  it('reads only the first 200 characters of q', async () => {
    // The word after 200 characters of filler is never seen: nothing matches it.
    const filler = 'zzqx '.repeat(40);
    expect(filler.length).toBe(200);
    const past = await server.anon().rpc('search_projects', { q: `${filler}recipe` });
    expect(past.error).toBeNull();
    expect(past.data.projects.map((p: { title: string }) => p.title)).not.toContain('Recipe Radar');
    const within = await server.anon().rpc('search_projects', { q: `recipe ${filler}`.slice(0, 200), sort: 'relevance' });
    expect(within.error).toBeNull();
  });

  it('bounds a page: row_limit above 100 and a negative or huge offset are clamped, unknown sorts are relevance', async () => {
    const anon = server.anon();
    const big = await anon.rpc('search_projects', { q: 'recipe', row_limit: 100000, row_offset: -5, sort: "'; select 1" });
    expect(big.error).toBeNull();
    expect(big.data.projects[0].title).toBe('Recipe Radar');
    const far = await anon.rpc('search_projects', { q: 'recipe', row_offset: 2_000_000_000 });
    expect(far.error).toBeNull();
    expect(far.data.projects).toEqual([]);
    const suggest = await anon.rpc('search_suggest', { q: 're', row_limit: 100000 });
    expect(suggest.error).toBeNull();
    expect(suggest.data.length).toBeLessThanOrEqual(20);
  });
});
