import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { receiveToFile } from './receive.ts';

/** A body that arrives in many network-sized chunks, each bigger than a file stream's buffer. */
function chunkedBody(chunks: number, size: number): { body: ReadableStream<Uint8Array>; bytes: Buffer } {
  const parts = Array.from({ length: chunks }, (_, i) => Buffer.alloc(size, i % 251));
  let next = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (next < parts.length) controller.enqueue(new Uint8Array(parts[next++]!));
      else controller.close();
    },
  });
  return { body, bytes: Buffer.concat(parts) };
}

describe('receiveToFile', () => {
  let dir: string;
  const warnings: Error[] = [];
  const onWarning = (w: Error) => warnings.push(w);
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'receive-test-'));
    warnings.length = 0;
    process.on('warning', onWarning);
  });
  afterEach(() => {
    process.off('warning', onWarning);
    rmSync(dir, { recursive: true, force: true });
  });

  it('waits for the disk many times in one upload without piling up listeners (MaxListenersExceededWarning)', async () => {
    // 2 MB in 64 KB chunks: every write fills the 16 KB stream buffer, so each one waits for drain.
    const { body, bytes } = chunkedBody(32, 64 * 1024);
    const staged = await receiveToFile(body, dir, 10 * 1024 * 1024);
    // Warnings are emitted on the next tick.
    await new Promise((resolve) => setImmediate(resolve));
    expect(warnings.filter((w) => w.name === 'MaxListenersExceededWarning')).toEqual([]);
    expect(staged.size).toBe(bytes.length);
    expect(readFileSync(staged.path).equals(bytes)).toBe(true);
  });

  it('refuses a body over the limit and leaves no file behind', async () => {
    const { body } = chunkedBody(8, 64 * 1024);
    await expect(receiveToFile(body, dir, 100 * 1024)).rejects.toMatchObject({ statusCode: 413 });
    expect(readdirSync(dir)).toEqual([]);
  });
});
