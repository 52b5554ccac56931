import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readStaticFile } from './static-files.ts';

describe('readStaticFile', () => {
  let root: string;
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'static-files-'));
    mkdirSync(join(root, 'assets'));
    writeFileSync(join(root, 'assets/app-abc123.js'), 'plain');
    writeFileSync(join(root, 'assets/app-abc123.js.br'), 'brotli');
    writeFileSync(join(root, 'assets/app-abc123.js.gz'), 'gzip');
    writeFileSync(join(root, 'assets/tiny-abc123.js'), 'tiny');
    writeFileSync(join(root, 'cover.png'), 'png');
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('serves the precompressed variant the client prefers, and says it varies', async () => {
    expect(await readStaticFile(root, '/assets/app-abc123.js', 'gzip, deflate, br')).toMatchObject({
      body: Buffer.from('brotli'),
      contentEncoding: 'br',
      vary: 'Accept-Encoding',
      cacheControl: 'public, max-age=31536000, immutable',
    });
    expect(await readStaticFile(root, '/assets/app-abc123.js', 'gzip')).toMatchObject({ body: Buffer.from('gzip'), contentEncoding: 'gzip' });
    const plain = await readStaticFile(root, '/assets/app-abc123.js', undefined);
    expect(plain).toMatchObject({ body: Buffer.from('plain'), vary: 'Accept-Encoding' });
    expect(plain?.contentEncoding).toBeUndefined();
  });

  it('falls back to the file itself when the build made no variant, and never compresses images', async () => {
    const tiny = await readStaticFile(root, '/assets/tiny-abc123.js', 'br');
    expect(tiny?.body.toString()).toBe('tiny');
    expect(tiny?.contentEncoding).toBeUndefined();
    const png = await readStaticFile(root, '/cover.png', 'br');
    expect(png).toMatchObject({ body: Buffer.from('png'), contentType: 'image/png' });
    expect(png?.vary).toBeUndefined();
  });

  it('never serves the variants by their own names', async () => {
    expect(await readStaticFile(root, '/assets/app-abc123.js.br', 'br')).toBeUndefined();
    expect(await readStaticFile(root, '/assets/app-abc123.js.gz')).toBeUndefined();
  });
});
