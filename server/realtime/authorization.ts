import { randomUUID } from 'node:crypto';
import type { Database, Queryable } from '../db/database.ts';
import { isPgError } from '../db/database.ts';
import type { ChannelAuth } from './tokens.ts';

/**
 * Private channels are authorized as on Supabase, by RLS policies on realtime.messages that read
 * realtime.topic(): reading a topic means the caller may select a message row of that topic and
 * extension ('broadcast' or 'presence'); writing means the caller may insert one. Probe rows are
 * written and the transaction is always rolled back, so nothing stays in the table.
 */
export type Extension = 'broadcast' | 'presence';

class RolledBack<T> {
  constructor(readonly value: T) {}
}

async function inRolledBackTransaction<T>(db: Database, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  try {
    await db.transaction(async (tx) => {
      throw new RolledBack(await fn(tx));
    });
  } catch (err) {
    if (err instanceof RolledBack) return err.value as T;
    throw err;
  }
  throw new Error('unreachable');
}

/** The caller's role and claims, and the topic policies see through realtime.topic(). */
async function actAs(tx: Queryable, auth: ChannelAuth, topic: string): Promise<void> {
  await tx.query(
    `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true),
            set_config('request.jwt.claim.sub', $3, true), set_config('request.jwt.claim.role', $1, true),
            set_config('realtime.topic', $4, true)`,
    [auth.role, JSON.stringify(auth.claims), typeof auth.claims.sub === 'string' ? auth.claims.sub : '', topic],
  );
}

/** Which extensions the caller may read on `topic`. */
export function canRead(db: Database, auth: ChannelAuth, topic: string, extensions: readonly Extension[]): Promise<Set<Extension>> {
  return inRolledBackTransaction(db, async (tx) => {
    const probes = extensions.map((extension) => ({ id: randomUUID(), extension }));
    for (const p of probes) {
      await tx.query(`insert into realtime.messages (id, topic, extension) values ($1, $2, $3)`, [p.id, topic, p.extension]);
    }
    await actAs(tx, auth, topic);
    const { rows } = await tx.query<{ id: string }>(`select id::text as id from realtime.messages where id = any($1::uuid[])`, [probes.map((p) => p.id)]);
    const visible = new Set(rows.map((r) => r.id));
    return new Set(probes.filter((p) => visible.has(p.id)).map((p) => p.extension));
  });
}

/** Whether the caller may write `extension` messages on `topic`. */
export function canWrite(db: Database, auth: ChannelAuth, topic: string, extension: Extension): Promise<boolean> {
  return inRolledBackTransaction(db, async (tx) => {
    await actAs(tx, auth, topic);
    try {
      await tx.query(`insert into realtime.messages (topic, extension) values ($1, $2)`, [topic, extension]);
      return true;
    } catch (err) {
      if (isPgError(err) && err.code === '42501') return false;
      throw err;
    }
  });
}
