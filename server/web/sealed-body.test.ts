import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { finishBody, sealBody } from './sealed-body.ts';

describe('a body compressed once, finished per response', () => {
  it('decodes to the head and each response’s own tail, in br, gzip and identity', async () => {
    const head = '<!doctype html><html><body>' + Array.from({ length: 3000 }, (_, i) => `<p>row ${i} ${(i * 7919) % 104729}</p>`).join('');
    const sealed = await sealBody(head);
    for (const tail of ['<meta name="csp-nonce" content="a+b/cd==" /></body></html>', 'x', 'é'.repeat(30_000)]) {
      expect(brotliDecompressSync(finishBody(sealed, tail, 'br')).toString()).toBe(head + tail);
      expect(gunzipSync(finishBody(sealed, tail, 'gzip')).toString()).toBe(head + tail);
      expect(finishBody(sealed, tail, undefined).toString()).toBe(head + tail);
    }
    // The cached part is compressed: a response costs its tail, not the page.
    expect(sealed.br.byteLength).toBeLessThan(Buffer.byteLength(head) / 2);
  });
});
