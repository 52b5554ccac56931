import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../../support/server.ts';
import { searchMaker, searchProject, tagProject, type SearchAnswer } from './fixtures.ts';

/**
 * Ranked full-text search (issue 34 items 1–2, db/migrations/0275–0276), through supabase-js rpc()
 * as the SPA calls it: ranking, stemming, unaccent, websearch syntax, typos, facets, highlights,
 * and who sees what.
 */
let server: TestServer;
let maker: TestUser;
let other: TestUser;
const ids: Record<string, string> = {};

const MARK_START = '\u0002';
const MARK_END = '\u0003';

async function search(q: string, extra: Record<string, unknown> = {}, client = server.anon()): Promise<SearchAnswer> {
  const { data, error, status } = await client.rpc('search_projects', { q, ...extra });
  expect(error).toBeNull();
  expect(status).toBe(200);
  return data as SearchAnswer;
}

const titles = (answer: SearchAnswer) => answer.projects.map((p) => p.title);

beforeAll(async () => {
  server = await startTestServer();
  maker = await searchMaker(server, 'Zoë Quartermaine');
  other = await searchMaker(server, 'Otto Onlooker');
  // "radar" is in one name and in another's tagline; the tagline's project has far more points.
  ids.radar = await searchProject(server, maker, { title: 'Recipe Radar', description: 'Tells you what to cook from your fridge.', tool: 'Cursor', category: 'App', tags: ['cooking'] });
  ids.planner = await searchProject(server, maker, { title: 'Fridge Planner', description: 'A radar for every recipe you own.', tool: 'Bolt', category: 'App', points: 500, tags: ['cooking'] });
  ids.cafe = await searchProject(server, maker, { title: 'Café Finder', description: 'Find a quiet place to work from.', tool: 'Lovable', category: 'Website', tags: ['coffee'] });
  ids.game = await searchProject(server, other, { title: 'Budget Game', description: 'A game of recipe budgets.', tool: 'Cursor', category: 'Dashboard' });
  ids.xss = await searchProject(server, other, { title: '<img src=x onerror=alert(1)> Zucchini \u0002Hack', description: 'Zucchini <b>bold</b> & more.' });
});
afterAll(() => server?.close());

describe('search_projects', () => {
  it('ranks a name match above a tagline match, even against many more points', async () => {
    const answer = await search('radar');
    expect(titles(answer)).toEqual(['Recipe Radar', 'Fridge Planner']);
    expect(answer.total).toBe(2);
    expect(answer.projects[0]!.rank).toBeGreaterThan(answer.projects[1]!.rank);
  });

  it('stems English words: "recipes" finds "recipe", "cooked" finds "cook"', async () => {
    expect(titles(await search('recipes'))).toEqual(expect.arrayContaining(['Recipe Radar', 'Fridge Planner', 'Budget Game']));
    const cooked = await search('cooked');
    expect(cooked.projects[0]!.title).toBe('Recipe Radar');
    expect(cooked.projects[0]!.description_highlight).toBe(`Tells you what to ${MARK_START}cook${MARK_END} from your fridge.`);
  });

  it('ignores accents both ways and marks the original word', async () => {
    const plain = await search('cafe');
    expect(titles(plain)).toEqual(['Café Finder']);
    expect(plain.projects[0]!.title_highlight).toBe(`${MARK_START}Café${MARK_END} Finder`);
    expect(titles(await search('CAFÉ'))).toEqual(['Café Finder']);
  });

  it('finds by tag, tool and maker name (accent-free)', async () => {
    expect(titles(await search('coffee'))).toEqual(['Café Finder']);
    expect(titles(await search('lovable'))).toEqual(['Café Finder']);
    expect(titles(await search('zoe quartermaine'))).toEqual(expect.arrayContaining(['Recipe Radar', 'Fridge Planner', 'Café Finder']));
  });

  it('speaks websearch syntax: quotes, -word and or', async () => {
    expect(titles(await search('"recipe radar"'))).toEqual(['Recipe Radar']);
    expect(titles(await search('recipe -game')).sort()).toEqual(['Fridge Planner', 'Recipe Radar']);
    expect(titles(await search('cafe or budgets')).sort()).toEqual(['Budget Game', 'Café Finder']);
  });

  it('tolerates a typo: "recipe radr" finds Recipe Radar and suggests its name', async () => {
    const answer = await search('recipe radr');
    expect(answer.projects[0]!.title).toBe('Recipe Radar');
    expect(answer.suggestion).toBe('Recipe Radar');
    const maker = await search('quartermane');
    expect(maker.suggestion).toBe('Zoë Quartermaine');
    expect(titles(maker)).toEqual(expect.arrayContaining(['Recipe Radar', 'Café Finder']));
    // Plenty of exact hits: no suggestion.
    expect((await search('recipe')).suggestion).toBeNull();
    // Few exact hits, but the closest name holds q whole: no correction to offer.
    expect((await search('cafe')).suggestion).toBeNull();
  });

  it('applies the list filters and sorts, and pages', async () => {
    expect(titles(await search('recipe', { tools: ['Bolt'] }))).toEqual(['Fridge Planner']);
    expect(titles(await search('recipe', { category: 'Dashboard' }))).toEqual(['Budget Game']);
    expect(titles(await search('recipe', { tags: ['cooking'], sort: 'top' }))).toEqual(['Fridge Planner', 'Recipe Radar']);
    const page2 = await search('recipe', { row_limit: 1, row_offset: 1 });
    expect(page2.projects).toHaveLength(1);
    expect(page2.total).toBe(3);
  });

  it('keeps the document current when tags, tools, names and the maker change', async () => {
    expect(titles(await search('sourdough'))).toEqual([]);
    await tagProject(server, ids.cafe!, 'sourdough');
    expect(titles(await search('sourdough'))).toEqual(['Café Finder']);
    await server.ctx.db.query(`update public.tags set name = 'Wild yeast' where slug = 'sourdough'`);
    expect(titles(await search('yeast'))).toEqual(['Café Finder']);
    await server.ctx.db.query(`delete from public.project_tags where project_id = $1 and tag_id = (select id from public.tags where slug = 'sourdough')`, [ids.cafe]);
    expect(titles(await search('yeast'))).toEqual([]);

    await server.ctx.db.query(`insert into public.project_tools (project_id, tool) values ($1, 'Bolt')`, [ids.game]);
    expect(titles(await search('bolt')).sort()).toEqual(['Budget Game', 'Fridge Planner']);

    await server.ctx.db.query(`update public.creators set name = 'Otto Xylophonist' where id = $1`, [other.id]);
    expect((await search('xylophonist')).projects.map((p) => p.id).sort()).toEqual([ids.xss, ids.game].sort());

    await server.ctx.db.query(`update public.projects set title = 'Budget Quest' where id = $1`, [ids.game]);
    expect(titles(await search('quest'))).toEqual(['Budget Quest']);
    await server.ctx.db.query(`update public.projects set title = 'Budget Game' where id = $1`, [ids.game]);
  });

  it('returns highlights as text: markup in a name stays text, and only the marks are \\u0002…\\u0003', async () => {
    const answer = await search('zucchini');
    const row = answer.projects[0]!;
    expect(row.title).toBe('<img src=x onerror=alert(1)> Zucchini \u0002Hack');
    // The stray \u0002 of the name is gone from the highlight; the one match is marked.
    expect(row.title_highlight).toBe(`<img src=x onerror=alert(1)> ${MARK_START}Zucchini${MARK_END} Hack`);
    expect(row.description_highlight).toBe(`${MARK_START}Zucchini${MARK_END} <b>bold</b> & more.`);
  });
});

describe('search_facets', () => {
  it('counts tools, tags, categories and launch periods of the matches, and changes with q', async () => {
    const recipe = await server.anon().rpc('search_facets', { q: 'recipe -game' });
    expect(recipe.error).toBeNull();
    expect(recipe.data).toMatchObject({
      matched: 2,
      capped: false,
      tools: expect.arrayContaining([{ value: 'Cursor', count: 1 }, { value: 'Bolt', count: 1 }]),
      tags: [{ slug: 'cooking', name: 'cooking', count: 2 }],
      categories: [{ value: 'App', count: 2 }],
    });
    expect(recipe.data.periods).toContainEqual({ value: 'all', count: 2 });

    const cafe = await server.anon().rpc('search_facets', { q: 'cafe' });
    expect(cafe.data).toMatchObject({
      matched: 1,
      tools: [{ value: 'Lovable', count: 1 }],
      tags: [{ slug: 'coffee', name: 'coffee', count: 1 }],
      categories: [{ value: 'Website', count: 1 }],
    });

    const filtered = await server.anon().rpc('search_facets', { q: 'recipe -game', tools: ['Bolt'] });
    expect(filtered.data).toMatchObject({ matched: 1, categories: [{ value: 'App', count: 1 }] });
  });
});

describe('search_suggest', () => {
  it('suggests projects, makers, tags and tools by prefix and by trigram', async () => {
    const { data, error } = await server.anon().rpc('search_suggest', { q: 'reci' });
    expect(error).toBeNull();
    expect(data).toContainEqual({ kind: 'project', label: 'Recipe Radar', value: ids.radar });
    const makers = await server.anon().rpc('search_suggest', { q: 'zoe qu' });
    expect(makers.data).toContainEqual({ kind: 'maker', label: 'Zoë Quartermaine', value: maker.id });
    const tags = await server.anon().rpc('search_suggest', { q: 'cook' });
    expect(tags.data).toContainEqual({ kind: 'tag', label: 'cooking', value: 'cooking' });
    const tools = await server.anon().rpc('search_suggest', { q: 'lova' });
    expect(tools.data).toContainEqual({ kind: 'tool', label: 'Lovable', value: 'Lovable' });
    const few = await server.anon().rpc('search_suggest', { q: 're', row_limit: 2 });
    expect(few.data.length).toBeLessThanOrEqual(2);
  });
});
