import type { PGlite } from '@electric-sql/pglite';
import type { Database } from '../db/database.ts';

/**
 * PGlite answers each extended-protocol step (parse, describe, bind, execute, sync) in its own
 * call into WebAssembly, so BEGIN + settings + query + COMMIT cost fourteen calls. A read needs
 * (or a write that needs no check before COMMIT) has no decision to make between its statements,
 * so we send them as one pipelined protocol message instead: BEGIN, the settings statement, the
 * query (values bound as parameters), Sync, COMMIT.
 * An error skips the rest up to Sync and the COMMIT then rolls back, as in any pipeline.
 */

interface PGliteInternals {
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
  _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T>;
  execProtocol(message: Uint8Array, options?: { syncToFs?: boolean }): Promise<{ messages: Array<{ name: string; fields?: unknown[] }> }>;
}

export function pipelineTarget(db: Database): (PGlite & PGliteInternals) | undefined {
  const pglite = (db as Database & { pglite?: PGlite & Partial<PGliteInternals> }).pglite;
  if (
    db.kind === 'pglite' &&
    pglite &&
    typeof pglite._runExclusiveTransaction === 'function' &&
    typeof pglite._runExclusiveQuery === 'function' &&
    typeof pglite.execProtocol === 'function'
  ) {
    return pglite as PGlite & PGliteInternals;
  }
  return undefined;
}

const encoder = new TextEncoder();

class Writer {
  private chunks: Uint8Array[] = [];

  message(type: string, parts: Uint8Array[]): void {
    const length = 4 + parts.reduce((n, p) => n + p.length, 0);
    const head = new Uint8Array(5);
    head[0] = type.charCodeAt(0);
    new DataView(head.buffer).setInt32(1, length);
    this.chunks.push(head, ...parts);
  }

  bytes(): Uint8Array {
    const total = this.chunks.reduce((n, c) => n + c.length, 0);
    const out = new Uint8Array(total);
    let at = 0;
    for (const c of this.chunks) {
      out.set(c, at);
      at += c.length;
    }
    return out;
  }
}

const cstring = (s: string) => {
  const b = encoder.encode(s);
  const out = new Uint8Array(b.length + 1);
  out.set(b);
  return out;
};
const int16 = (n: number) => {
  const b = new Uint8Array(2);
  new DataView(b.buffer).setInt16(0, n);
  return b;
};
const int32 = (n: number) => {
  const b = new Uint8Array(4);
  new DataView(b.buffer).setInt32(0, n);
  return b;
};

function statement(w: Writer, sql: string, params: readonly unknown[]): void {
  w.message('P', [cstring(''), cstring(sql), int16(0)]);
  const values: Uint8Array[] = [];
  for (const p of params) {
    if (p === null || p === undefined) values.push(int32(-1));
    else {
      const b = encoder.encode(typeof p === 'string' ? p : String(p));
      values.push(int32(b.length), b);
    }
  }
  w.message('B', [cstring(''), cstring(''), int16(0), int16(params.length), ...values, int16(0)]);
  w.message('E', [cstring(''), int32(0)]);
}

/**
 * Runs `setup` then `sql` in one transaction with a single call into PGlite and returns the text
 * fields of the first row of `sql`'s result.
 */
export async function pipelined(
  pglite: PGlite & PGliteInternals,
  readOnly: boolean,
  setup: { sql: string; params: readonly unknown[] },
  sql: string,
  params: readonly unknown[],
): Promise<(string | null)[]> {
  const w = new Writer();
  w.message('Q', [cstring(readOnly ? 'BEGIN READ ONLY' : 'BEGIN')]);
  statement(w, setup.sql, setup.params);
  statement(w, sql, params);
  w.message('S', []);
  w.message('Q', [cstring('COMMIT')]);
  const bytes = w.bytes();
  const { messages } = (await pglite._runExclusiveTransaction(() =>
    // As PGlite's own query path does after a committed write, let its file system flush.
    pglite._runExclusiveQuery(() => pglite.execProtocol(bytes, { syncToFs: !readOnly })),
  )) as { messages: Array<{ name: string; fields?: unknown[] }> };
  // Rows of the settings statement come first; the query's row is the last data row.
  const rows = messages.filter((m) => m.name === 'dataRow');
  const last = rows[rows.length - 1];
  if (!last || rows.length < 2) throw new Error('pipelined statement returned no row');
  return last.fields as (string | null)[];
}
