import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { MIN_COMPRESSIBLE_BYTES, negotiateCompression, preferredEncoding } from './compression.ts';

describe('preferredEncoding', () => {
  it('prefers brotli when a browser offers both, gzip when that is all it takes', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('gzip, deflate')).toBe('gzip');
  });

  it('follows q-values, and q=0 refuses an encoding', () => {
    expect(preferredEncoding('br;q=0.5, gzip;q=0.9')).toBe('gzip');
    expect(preferredEncoding('br;q=0, gzip')).toBe('gzip');
    expect(preferredEncoding('gzip;q=0, br;q=0')).toBeUndefined();
  });

  it('answers identity for nothing, unknown encodings, or a bare wildcard', () => {
    expect(preferredEncoding(undefined)).toBeUndefined();
    expect(preferredEncoding('identity')).toBeUndefined();
    expect(preferredEncoding('deflate, zstd')).toBeUndefined();
    expect(preferredEncoding('*')).toBeUndefined();
  });
});

describe('negotiateCompression', () => {
  const json = JSON.stringify(Array.from({ length: 100 }, (_, i) => ({ id: i, title: `Project ${i}`, tool: 'Lovable' })));

  it('compresses JSON above the threshold into what the client accepts, and says so', async () => {
    const br = await negotiateCompression(json, 'application/json; charset=utf-8', 'gzip, br');
    expect(br.headers).toEqual({ 'Content-Encoding': 'br', Vary: 'Accept-Encoding' });
    expect(brotliDecompressSync(br.body as Buffer).toString()).toBe(json);
    expect((br.body as Buffer).byteLength).toBeLessThan(json.length / 4);

    const gz = await negotiateCompression(json, 'application/json', 'gzip');
    expect(gz.headers['Content-Encoding']).toBe('gzip');
    expect(gunzipSync(gz.body as Buffer).toString()).toBe(json);
  });

  it('leaves small bodies, binary types and clients that accept nothing alone', async () => {
    const small = 'x'.repeat(MIN_COMPRESSIBLE_BYTES - 1);
    expect(await negotiateCompression(small, 'application/json', 'br')).toEqual({ body: small, headers: {} });
    const png = new Uint8Array(5000);
    expect(await negotiateCompression(png, 'image/png', 'br')).toEqual({ body: png, headers: {} });
    // Could have been compressed: caches must still keep the variants apart.
    expect(await negotiateCompression(json, 'application/json', undefined)).toEqual({ body: json, headers: { Vary: 'Accept-Encoding' } });
  });
});
