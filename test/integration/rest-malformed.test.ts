import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';
import { installFixtures, seedFixtures } from './rest-fixtures.ts';

/**
 * Generated garbage against /rest/v1: every answer is a JSON error in PostgREST's shape (or, when
 * the garbage happens to be valid, a success), never a 5xx, nothing is written, and the server
 * keeps serving.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  await installFixtures(server);
  await seedFixtures(server);
});
afterAll(() => server?.close());

/** mulberry32: deterministic, so a failure reproduces. */
function rng(seed: number) {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rand = rng(Number(process.env.REST_FUZZ_SEED ?? 20240521));
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
const int = (n: number) => Math.floor(rand() * n);

const TOKENS = [
  'id', 'title', 'upvotes', 'tags', 'meta', 'status', 'nope', 'rt_comments', 'rt_notes', 'count', '*', 'count()',
  '(', ')', '((', '))', ',', ',,', '.', '..', ':', '::', '!', '!inner', '->', '->>', '"', "'", '\\', ';', '--', '/*', '*/',
  'eq', 'neq', 'gt', 'in', 'is', 'like', 'cs', 'fts', 'not', 'or', 'and', 'asc', 'desc', 'nullsfirst', 'nullslast',
  "'; drop table rt_projects; --", '$1', '%', '%00', '%zz', '\u00e9', '\u4e2d\u6587', '\u{1f600}', ' ', '\t', 'null', 'true',
  '99999999999999999999999', '-1', '1e309', 'NaN', '{', '}', '[', ']', '{a,b}', 'text', 'int', 'pg_sleep(1)', 'x'.repeat(300),
];
const garbage = (max = 8) => Array.from({ length: 1 + int(max) }, () => pick(TOKENS)).join('');
const enc = (s: string) => encodeURIComponent(s);
/** Header values must be printable ASCII on the wire. */
const ascii = (s: string) => s.replace(/[^\x20-\x7e]/g, '?');

type Case = { method: string; path: string; body?: string; headers?: Record<string, string> };

function readCases(): Case[] {
  const cases: Case[] = [];
  for (let i = 0; i < 320; i++) cases.push({ method: 'GET', path: `rt_projects?select=${enc(garbage())}` });
  for (let i = 0; i < 320; i++) {
    const key = pick(['id', 'title', 'tags', 'meta', 'meta->a', 'or', 'and', 'not.or', 'rt_comments.id', 'nope', garbage(3)]);
    const value = pick([
      `${pick(['eq', 'neq', 'gt', 'in', 'is', 'like', 'cs', 'ov', 'fts', 'zz', 'not.eq', 'eq(any)', 'fts(nope)', 'isdistinct'])}.${garbage(4)}`,
      `(${garbage(6)}`,
      `(${garbage(4)},${garbage(4)})`,
      garbage(5),
      `in.(${Array.from({ length: 1 + int(3) }, () => garbage(2)).join(',')}`,
    ]);
    cases.push({ method: pick(['GET', 'HEAD']), path: `rt_projects?${enc(key)}=${enc(value)}` });
  }
  for (let i = 0; i < 120; i++) {
    const param = pick(['order', 'limit', 'offset', 'rt_comments.order', 'rt_comments.limit', 'columns', 'on_conflict']);
    cases.push({ method: 'GET', path: `rt_projects?select=id,rt_comments(id)&${param}=${enc(garbage(4))}` });
  }
  for (let i = 0; i < 60; i++) {
    cases.push({
      method: 'GET',
      path: 'rt_projects?select=id',
      headers: {
        prefer: ascii(garbage(4)),
        accept: pick(['text/html', 'application/xml', ascii(garbage(3)), 'application/vnd.pgrst.object+json', '*/*;q=0.1']),
        range: pick(['5-1', 'items=0-', ascii(garbage(2)), '0-99999999999999999999']),
      },
    });
  }
  // Pathological sizes and nesting.
  cases.push({ method: 'GET', path: `rt_projects?id=in.(${Array.from({ length: 1500 }, (_, i) => i).join(',')})` });
  cases.push({ method: 'GET', path: `rt_projects?or=${'('.repeat(40)}id.eq.1${')'.repeat(40)}` });
  cases.push({ method: 'GET', path: `rt_projects?or=(${'or('.repeat(30)}id.eq.1${')'.repeat(30)})` });
  cases.push({ method: 'GET', path: `rt_projects?select=${'rt_comments(rt_projects('.repeat(10)}id${'))'.repeat(10)}` });
  cases.push({ method: 'GET', path: `rt_projects?select=${'id,'.repeat(3000)}id` });
  cases.push({ method: 'GET', path: `nope_${garbage(2)}` });
  cases.push({ method: 'GET', path: `rpc/${enc(garbage(3))}` });
  cases.push({ method: 'PUT', path: 'rt_projects' });
  // Casts, JSON paths and their mixtures (the security audit found ::unknown answered 500).
  const CASTS = ['unknown', 'text', 'int', 'int8', 'jsonb', 'json[]', 'record', 'void', 'cstring', 'anyelement', 'regclass', 'uuid', 'bool', 'nope', 'date', 'tsvector', 'point'];
  const PATHS = ['meta->a', 'meta->>a', 'meta->a->>b', 'meta->0', 'meta->>-1', 'meta->stack->ui', 'tags->0', 'title->a', 'upvotes->>x', 'id->a'];
  for (let i = 0; i < 200; i++) {
    const column = pick([...PATHS, 'id', 'title', 'upvotes', 'tags', 'meta', 'created_at', 'creator_id']);
    const select = `id,${column}${rand() < 0.8 ? `::${pick(CASTS)}` : ''}${rand() < 0.3 ? `,x:${pick(PATHS)}::${pick(CASTS)}` : ''}`;
    const filter = rand() < 0.5 ? `&${pick(PATHS)}=${pick(['eq', 'gt', 'like', 'in', 'is', 'cs'])}.${enc(garbage(2))}` : '';
    cases.push({ method: pick(['GET', 'HEAD']), path: `rt_projects?select=${enc(select)}${filter}` });
  }
  // The showcase's own relations, where the audit's 500s were.
  for (const cast of CASTS) cases.push({ method: 'GET', path: `content_items?select=id,slug::${cast}` });
  cases.push({ method: 'GET', path: `project_listing?select=id,search_text::unknown,upvotes::record` });
  return cases;
}

function writeCases(): Case[] {
  const bodies = [
    () => `#${garbage(6)}`,
    () => `{"title": ${garbage(2)}, "nope": 1}`,
    () => JSON.stringify({ [pick(['nope', 'colour', garbage(2)])]: 1 }),
    () => JSON.stringify({ title: 'x', upvotes: pick(['abc', '1.5', [1], { a: 1 }, 1e40]) }),
    () => JSON.stringify({ title: 'x', tags: pick(['notarray', 5, { a: 1 }]) }),
    () => JSON.stringify({ title: 'x'.repeat(201 + int(100)) }),
    () => JSON.stringify({ title: null }),
    () => JSON.stringify([{ title: 'a' }, { upvotes: 1 }]),
    () => JSON.stringify([1, 2, 3]),
    () => JSON.stringify(pick(['str', 5, null, true])),
    () => JSON.stringify({ title: 'x', creator_id: pick(['not-a-uuid', "'; drop table x; --", 12]) }),
    () => JSON.stringify({ title: 'x', meta: 'x', id: 'x' }),
    () => '{"title": "x", "nope": ' + garbage(2) + '}',
    () => '',
    () => '{"title": "\\u0000"}',
  ];
  const cases: Case[] = [];
  const service = { authorization: `Bearer ${server.serviceRoleKey}`, 'content-type': 'application/json' };
  for (let i = 0; i < 240; i++) {
    const prefer = pick(['return=representation', 'return=minimal', ascii(garbage(3)), 'resolution=merge-duplicates', 'missing=default', '']);
    cases.push({ method: 'POST', path: `rt_projects${pick(['', '?columns=' + enc(garbage(2)), '?on_conflict=' + enc(garbage(2)), '?select=' + enc(garbage(3))])}`, body: pick(bodies)(), headers: { ...service, prefer } });
  }
  for (let i = 0; i < 100; i++) {
    const body = pick(bodies)();
    cases.push({ method: 'PATCH', path: `rt_projects?id=eq.1&${pick(['', 'select=' + enc(garbage(3)), enc(garbage(2)) + '=eq.1'])}`, body, headers: { ...service } });
  }
  for (let i = 0; i < 60; i++) {
    // The trailing unknown column guarantees no garbage filter that happens to parse deletes anything.
    cases.push({ method: 'DELETE', path: `rt_projects?${pick(['id=', 'or=', 'nope=', 'title=', 'limit='])}${enc(garbage(4))}&nope=eq.1`, headers: service });
  }
  // Writes to a view that joins (read-only), as anyone: refused as the request's fault.
  for (let i = 0; i < 30; i++) {
    const method = pick(['POST', 'PATCH', 'DELETE']);
    cases.push({
      method,
      path: `project_listing?id=eq.00000000-0000-4000-8000-000000000000${pick(['', '&select=id', '&select=id::unknown'])}`,
      body: method === 'DELETE' ? undefined : pick(bodies)(),
      headers: { ...service, prefer: 'return=representation' },
    });
  }
  // Write bodies with casts and JSON paths in their select and filters.
  for (let i = 0; i < 40; i++) {
    cases.push({
      method: 'PATCH',
      path: `rt_projects?id=eq.1&nope=eq.1&select=${enc(`id,meta->a::${pick(['unknown', 'int', 'record', 'text'])}`)}`,
      body: JSON.stringify({ meta: { a: garbage(2) } }),
      headers: { ...service, prefer: 'return=representation' },
    });
  }
  // Functions the showcase exposes, with unknown or hostile arguments.
  for (const [fn, body] of [
    ['project_stats', { project: '00000000-0000-4000-8000-000000000000', from_day: '2031-01-01', to_day: '2031-01-02' }],
    ['project_stats', { project: 'not-a-uuid', from_day: 'x', to_day: 5 }],
    ['subscribe_newsletter', { email: ['x@b.co'] }],
    ['subscribe_newsletter', { email: { a: 'x@b.co' } }],
    ['subscribe_newsletter', { email: 5 }],
    ['set_user_role', { user_id: '00000000-0000-4000-8000-000000000000', new_role: 'admin' }],
    ['moderate_report', { report_id: '00000000-0000-4000-8000-000000000000', decision: 'resolved' }],
  ] as const) {
    cases.push({ method: 'POST', path: `rpc/${fn}`, body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
  }
  for (let i = 0; i < 80; i++) {
    cases.push({
      method: 'POST',
      path: pick(['rpc/rt_add', 'rpc/rt_bump', 'rpc/rt_touch', `rpc/${enc(garbage(2))}`]),
      body: pick([`#${garbage(5)}`, JSON.stringify({ a: `x${garbage(2)}` }), JSON.stringify({ p_id: `x${garbage(2)}` }), JSON.stringify({ p_ids: `x${garbage(2)}`, p_label: 1 }), '[1,2]', '"x"']),
      headers: { ...service, 'content-type': pick(['application/json', 'text/plain', ascii(garbage(2))]) },
    });
  }
  return cases;
}

async function run(c: Case) {
  const headers: Record<string, string> = { apikey: server.anonKey, ...c.headers };
  let res: Response;
  try {
    res = await fetch(`${server.url}/rest/v1/${c.path}`, { method: c.method, headers, body: c.body });
  } catch (err) {
    throw new Error(`request failed for ${c.method} ${c.path}: ${String(err)}`, { cause: err });
  }
  const text = await res.text();
  return { status: res.status, text };
}

function checkAnswer(c: Case, status: number, text: string, writes: boolean) {
  const label = `${c.method} ${c.path.slice(0, 200)} ${c.body?.slice(0, 100) ?? ''} → ${status} ${text.slice(0, 200)}`;
  expect(status, label).toBeLessThan(500);
  if (writes) expect(status, label).toBeGreaterThanOrEqual(400);
  if (status >= 400 && c.method !== 'HEAD') {
    const body = JSON.parse(text);
    expect(Object.keys(body).sort(), label).toEqual(['code', 'details', 'hint', 'message']);
    expect(typeof body.code, label).toBe('string');
    expect(typeof body.message, label).toBe('string');
  }
}

async function tableCounts() {
  const { rows } = await server.ctx.db.query<{ p: number; c: number; n: number; u: number }>(
    `select (select count(*) from public.rt_projects)::int as p, (select count(*) from public.rt_comments)::int as c,
            (select count(*) from public.rt_notes)::int as n, (select sum(upvotes) from public.rt_projects)::int as u`,
  );
  return rows[0];
}

describe('malformed requests', () => {
  it('answer ≥ 1,000 generated bad requests with 4xx JSON errors, write nothing, keep serving', async () => {
    const before = await tableCounts();
    const reads = readCases();
    const writes = writeCases();
    expect(reads.length + writes.length).toBeGreaterThanOrEqual(1000);
    const all = [...reads.map((c) => [c, false] as const), ...writes.map((c) => [c, true] as const)];
    for (let i = 0; i < all.length; i += 8) {
      const batch = all.slice(i, i + 8);
      const answers = await Promise.all(batch.map(([c]) => run(c)));
      answers.forEach((a, j) => checkAnswer(batch[j]![0], a.status, a.text, batch[j]![1]));
    }
    expect(await tableCounts()).toEqual(before);
    const { data, error } = await server.anon().from('rt_projects').select('id').eq('id', 1).single();
    expect(error).toBeNull();
    expect(data).toEqual({ id: 1 });
  });
});
