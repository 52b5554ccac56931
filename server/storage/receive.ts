import { createHash, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { errors } from './errors.ts';

export interface StagedFile {
  /** A complete file on local disk, not yet visible to anyone. */
  path: string;
  size: number;
  md5: string;
}

/** After this many bytes past the limit the connection is cut instead of drained. */
const MAX_DRAIN_BYTES = 64 * 1024 * 1024;

export function tempPath(dir: string): string {
  return join(dir, `upload-${randomUUID()}`);
}

/**
 * Streams a request body into a new file in `dir`, hashing it on the way. Bodies longer than
 * `limit` are refused with 413; the rest of such a body is read and discarded (up to a bound), so
 * the client receives the error instead of a reset connection. No database work happens here:
 * a slow client holds only its own socket and this file.
 */
/** A request body to read: Node's own request stream, or a web stream (a request from fetch, in tests). */
export type UploadBody = AsyncIterable<Uint8Array> | ReadableStream<Uint8Array>;

async function* chunksOf(body: UploadBody): AsyncGenerator<Uint8Array> {
  if (!('getReader' in body)) return yield* body;
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    // Left early (past the drain bound, or on a failed write): the rest is not read.
    await reader.cancel().catch(() => undefined);
  }
}

export async function receiveToFile(body: UploadBody | null, dir: string, limit: number): Promise<StagedFile> {
  if (!body) throw errors.noContent();
  const path = tempPath(dir);
  const out = createWriteStream(path, { flags: 'wx', mode: 0o600 });
  const hash = createHash('md5');
  let size = 0;
  let overflow = false;
  try {
    // A client that goes away mid-body fails this loop (premature close); leaving it early, past
    // the drain bound, ends the request stream and so the connection.
    for await (const value of chunksOf(body)) {
      size += value.byteLength;
      if (size > limit) {
        overflow = true;
        if (size - limit > MAX_DRAIN_BYTES) break;
        continue;
      }
      hash.update(value);
      if (!out.write(value)) await once(out, 'drain');
    }
    await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
  } catch (err) {
    out.destroy();
    await rm(path, { force: true });
    throw err;
  }
  if (overflow) {
    await rm(path, { force: true });
    throw errors.tooLarge();
  }
  return { path, size, md5: hash.digest('hex') };
}

/** Copies bytes [start, end) of one file into a new staged file, hashing them. */
export async function extractRange(source: string, start: number, end: number, dir: string): Promise<StagedFile> {
  const path = tempPath(dir);
  const hash = createHash('md5');
  const out = createWriteStream(path, { flags: 'wx', mode: 0o600 });
  try {
    if (end > start) {
      for await (const chunk of createReadStream(source, { start, end: end - 1 })) {
        hash.update(chunk as Buffer);
        if (!out.write(chunk)) await once(out, 'drain');
      }
    }
    await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
  } catch (err) {
    out.destroy();
    await rm(path, { force: true });
    throw err;
  }
  return { path, size: end - start, md5: hash.digest('hex') };
}
