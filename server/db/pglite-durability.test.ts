import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openPglite } from './pglite.ts';

const insert = (i: number) => ({ sql: 'insert into notes (body) values ($1)', params: [`note ${i}`] });

// A data directory of its own takes an initdb (seconds on these machines).
describe('PGlite durable commits (PGLITE_FSYNC)', () => {
  const dirs: string[] = [];
  const dir = () => {
    const d = mkdtempSync(join(tmpdir(), 'durable-test-'));
    dirs.push(d);
    return d;
  };
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  it('syncs the WAL before a write is answered, not for reads, and lets concurrent writers share a sync', async () => {
    const db = await openPglite({ dataDir: dir(), durable: true });
    try {
      await db.exec('create table notes (id serial primary key, body text)');
      const afterCreate = db.walFlushes();
      expect(afterCreate).toBeGreaterThan(0);

      await db.pipeline([{ sql: 'select count(*) from notes', params: [] }], { readOnly: true });
      await db.transaction(async (tx) => tx.query('select 1'), { readOnly: true });
      expect(db.walFlushes()).toBe(afterCreate);

      await db.pipeline([insert(0)], { readOnly: false });
      expect(db.walFlushes()).toBe(afterCreate + 1);
      await db.transaction(async (tx) => tx.query(insert(1).sql, insert(1).params));
      expect(db.walFlushes()).toBe(afterCreate + 2);

      // Twenty writes at once: all acknowledged, with fewer syncs than writes (group commit).
      const before = db.walFlushes();
      await Promise.all(Array.from({ length: 20 }, (_, i) => db.pipeline([insert(i + 2)], { readOnly: false })));
      const rounds = db.walFlushes() - before;
      expect(rounds).toBeGreaterThan(0);
      expect(rounds).toBeLessThan(20);
      expect((await db.query<{ n: number }>('select count(*)::int as n from notes')).rows[0]!.n).toBe(22);

      // A checkpoint makes the data files durable too.
      await db.checkpoint();
    } finally {
      await db.close();
    }
  }, 180_000);

  it('does no syncing when switched off', async () => {
    const db = await openPglite({ dataDir: dir(), durable: false });
    try {
      await db.exec('create table notes (id serial primary key, body text)');
      await db.pipeline([insert(0)], { readOnly: false });
      expect(db.walFlushes()).toBe(0);
    } finally {
      await db.close();
    }
  }, 180_000);
});
