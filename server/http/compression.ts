import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { parseAccept } from 'hono/utils/accept';

/** The encodings this server sends, best first when a client weighs them equally. */
export type ContentEncoding = 'br' | 'gzip';
const OFFERED: readonly ContentEncoding[] = ['br', 'gzip'];

/** Bodies smaller than this go out as they are: compressing them saves less than it costs. */
export const MIN_COMPRESSIBLE_BYTES = 1024;

/** Media types worth compressing (text of some kind); images and archives are compressed already. */
export function isCompressibleType(contentType: string): boolean {
  return /^(text\/|application\/(json|javascript|xml|rss\+xml|manifest\+json|vnd\.pgrst\.[a-z.+]*json)|image\/svg\+xml)/i.test(contentType);
}

/**
 * The encoding to answer an Accept-Encoding header with, by its q-values (q=0 refuses one);
 * undefined for none. A bare `*` is not taken as consent: identity is always safe.
 */
export function preferredEncoding(acceptEncoding: string | undefined): ContentEncoding | undefined {
  if (!acceptEncoding) return undefined;
  let best: ContentEncoding | undefined;
  let bestQ = 0;
  for (const { type, q } of parseAccept(acceptEncoding)) {
    const name = type.toLowerCase() as ContentEncoding;
    if (!OFFERED.includes(name) || q <= 0) continue;
    if (q > bestQ || (q === bestQ && best !== undefined && OFFERED.indexOf(name) < OFFERED.indexOf(best))) {
      best = name;
      bestQ = q;
    }
  }
  return best;
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Compresses a response made at request time, off the event loop (zlib runs in libuv's thread
 * pool). Brotli at quality 4 and gzip at level 6 cost about the same CPU per byte; quality 11,
 * which the build uses for static assets, would cost a hundred times more.
 */
export function compressDynamic(body: string | Uint8Array<ArrayBuffer>, encoding: ContentEncoding): Promise<Buffer<ArrayBuffer>> {
  const input = typeof body === 'string' ? Buffer.from(body) : body;
  return encoding === 'br'
    ? brotli(input, { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: input.byteLength } })
    : gzipAsync(input, { level: 6 });
}

export interface Compressed {
  body: string | Uint8Array<ArrayBuffer>;
  /** Headers to add: Content-Encoding when compressed, Vary whenever the body could have been. */
  headers: Record<string, string>;
}

/**
 * A body as the client asked for it: compressed when it is text of some size and the client
 * accepts br or gzip. Never use it for responses carrying secrets next to reflected input (auth
 * tokens: BREACH).
 */
export async function negotiateCompression(body: string | Uint8Array<ArrayBuffer>, contentType: string, acceptEncoding: string | undefined): Promise<Compressed> {
  const size = typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength;
  if (size < MIN_COMPRESSIBLE_BYTES || !isCompressibleType(contentType)) return { body, headers: {} };
  const encoding = preferredEncoding(acceptEncoding);
  if (!encoding) return { body, headers: { Vary: 'Accept-Encoding' } };
  return { body: await compressDynamic(body, encoding), headers: { 'Content-Encoding': encoding, Vary: 'Accept-Encoding' } };
}
