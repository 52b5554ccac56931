import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';

/** Database.pipeline: the API's one-round-trip path, on whichever engine this run uses. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  await server.ctx.db.exec('create table public.pipeline_probe (id int primary key, note text not null)');
});
afterAll(async () => {
  await server?.ctx.db.exec('drop table if exists public.pipeline_probe');
  await server?.close();
});

const db = () => server.ctx.db;

describe('Database.pipeline', () => {
  it('runs its statements in order in one transaction and answers the last one’s first row as text', async () => {
    const row = await db().pipeline(
      [
        { sql: `select set_config('pipeline.probe', $1, true)`, params: ['set earlier'] },
        { sql: `select current_setting('pipeline.probe') as v, 41 + $1::int as n, null::text as nothing`, params: [1] },
      ],
      { readOnly: true },
    );
    expect(row).toEqual(['set earlier', '42', null]);
  });

  it('rolls every statement back when a later one fails, and the connection keeps serving', async () => {
    const attempt = db().pipeline(
      [
        { sql: 'insert into public.pipeline_probe (id, note) values ($1, $2)', params: [1, 'kept?'] },
        { sql: 'insert into public.pipeline_probe (id, note) values ($1, $2)', params: [2, null] },
      ],
      { readOnly: false },
    );
    await expect(attempt).rejects.toMatchObject({ code: '23502' });
    const { rows } = await db().query('select id from public.pipeline_probe');
    expect(rows).toEqual([]);
    const after = await db().pipeline([{ sql: 'select count(*) from public.pipeline_probe', params: [] }], { readOnly: true });
    expect(after).toEqual(['0']);
  });

  it('refuses writes in a read-only pipeline', async () => {
    const attempt = db().pipeline([{ sql: 'insert into public.pipeline_probe (id, note) values (3, $1)', params: ['x'] }], { readOnly: true });
    await expect(attempt).rejects.toMatchObject({ code: '25006' });
  });

  it('keeps answering right after more distinct statements than it keeps prepared', async () => {
    // 250 shapes pass the per-connection limit of 200, so the first ones are closed and come back.
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 250; i++) {
        const row = await db().pipeline([{ sql: `select $1::int + ${i} as v`, params: [round] }], { readOnly: true });
        expect(row).toEqual([String(round + i)]);
      }
    }
  });

  it('runs unprepared statements, planned for their values, alongside prepared ones', async () => {
    for (let i = 0; i < 8; i++) {
      const row = await db().pipeline(
        [
          { sql: `select set_config('pipeline.probe', $1, true)`, params: [`run ${i}`] },
          { sql: `select current_setting('pipeline.probe') || ' ' || $1::text`, params: [`%${i}%`], prepare: false },
        ],
        { readOnly: true },
      );
      expect(row).toEqual([`run ${i} %${i}%`]);
    }
  });

  it('recovers from a statement that does not parse: the same text fails again, others still work', async () => {
    const broken = { sql: 'select from where', params: [] };
    await expect(db().pipeline([broken], { readOnly: true })).rejects.toMatchObject({ code: '42601' });
    await expect(db().pipeline([broken], { readOnly: true })).rejects.toMatchObject({ code: '42601' });
    expect(await db().pipeline([{ sql: 'select $1::text', params: ['fine'] }], { readOnly: true })).toEqual(['fine']);
  });

  it('commits and answers normally when the statement it pushes out of the cache never parsed', async () => {
    await expect(db().pipeline([{ sql: 'select * from public.no_such_table', params: [] }], { readOnly: true })).rejects.toMatchObject({ code: '42P01' });
    // 250 new shapes push that failed one out (and everything else) while writes go on.
    for (let i = 0; i < 250; i++) {
      const row = await db().pipeline([{ sql: `insert into public.pipeline_probe (id, note) values ($1, 'n${i}') returning id`, params: [100 + i] }], { readOnly: false });
      expect(row).toEqual([String(100 + i)]);
    }
    const { rows } = await db().query<{ n: number }>('select count(*)::int as n from public.pipeline_probe where id >= 100');
    expect(rows[0]!.n).toBe(250);
  });
});
