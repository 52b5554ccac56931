import type { PGlite } from '@electric-sql/pglite';
import type { PipelineOptions, PipelineStatement } from './database.ts';
import { StatementNames } from './statement-names.ts';

/**
 * PGlite answers each extended-protocol step (parse, describe, bind, execute, sync) in its own
 * call into WebAssembly, so BEGIN + settings + query + COMMIT cost fourteen calls. A pipeline has
 * no decision to make between its statements, so it goes in as one protocol message instead:
 * BEGIN, each statement (prepared by name once unless told otherwise, values bound as
 * parameters), Sync, COMMIT.
 * An error skips the rest up to Sync and the COMMIT then rolls back, as in any pipeline.
 */
interface PGliteInternals {
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
  _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T>;
  execProtocol(message: Uint8Array, options?: { syncToFs?: boolean }): Promise<{ messages: Array<{ name: string; fields?: unknown[] }> }>;
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
const byte = (c: string) => Uint8Array.of(c.charCodeAt(0));

function bindAndExecute(w: Writer, name: string, params: readonly unknown[]): void {
  const values: Uint8Array[] = [];
  for (const p of params) {
    if (p === null || p === undefined) values.push(int32(-1));
    else {
      const b = encoder.encode(typeof p === 'string' ? p : String(p));
      values.push(int32(b.length), b);
    }
  }
  w.message('B', [cstring(''), cstring(name), int16(0), int16(params.length), ...values, int16(0)]);
  w.message('E', [cstring(''), int32(0)]);
}

/** The Database.pipeline of one PGlite instance; it keeps that instance's prepared statements. */
export function pglitePipeline(pglite: PGlite) {
  const internals = pglite as PGlite & PGliteInternals;
  const names = new StatementNames('rest_');
  // Statements whose preparation a failed pipeline may or may not have done: closed next time.
  let unsure: string[] = [];

  return async (statements: readonly PipelineStatement[], { readOnly, committedFirst = [] }: PipelineOptions) => {
    const w = new Writer();
    const parsedHere: string[] = [];
    const write = (s: PipelineStatement) => {
      if (s.prepare === false) {
        w.message('P', [cstring(''), cstring(s.sql), int16(0)]);
        bindAndExecute(w, '', s.params);
        return;
      }
      const { name, isNew, evicted } = names.use(s.sql);
      if (evicted) w.message('C', [byte('S'), cstring(evicted)]);
      if (isNew) {
        w.message('P', [cstring(name), cstring(s.sql), int16(0)]);
        parsedHere.push(name);
      }
      bindAndExecute(w, name, s.params);
    };
    // Closing a statement that does not exist is not an error, so these need no care.
    for (const name of unsure) w.message('C', [byte('S'), cstring(name)]);
    unsure = [];
    // Each of these is its own implicit transaction, ended by its Sync.
    for (const s of committedFirst) {
      write(s);
      w.message('S', []);
    }
    w.message('Q', [cstring(readOnly ? 'BEGIN READ ONLY' : 'BEGIN')]);
    for (const s of statements) write(s);
    w.message('S', []);
    w.message('Q', [cstring('COMMIT')]);
    const bytes = w.bytes();
    let messages: Array<{ name: string; fields?: unknown[] }>;
    try {
      ({ messages } = await internals._runExclusiveTransaction(() =>
        // As PGlite's own query path does after a committed write, let its file system flush.
        internals._runExclusiveQuery(() => internals.execProtocol(bytes, { syncToFs: !readOnly })),
      ));
    } catch (err) {
      for (const name of parsedHere) names.forget(name);
      unsure = parsedHere;
      throw err;
    }
    // Each statement ahead of the transaction completes, then BEGIN, then one command per
    // statement: the last statement's rows follow the completion of the one before it.
    const lastStarts = committedFirst.length + statements.length;
    let completed = 0;
    for (const m of messages) {
      if (m.name === 'commandComplete') completed++;
      else if (m.name === 'dataRow' && completed === lastStarts) return m.fields as (string | null)[];
    }
    return undefined;
  };
}
