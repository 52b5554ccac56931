import { promisify } from 'node:util';
import { brotliCompress, constants, crc32, deflateRaw } from 'node:zlib';
import type { ContentEncoding } from '../http/compression.ts';

const brotli = promisify(brotliCompress);
const deflate = promisify(deflateRaw);

/** Tails longer than this would need more than one stored block; a page's tail is a few dozen bytes. */
const MAX_TAIL_BYTES = 65_535;

/**
 * A body compressed once, to which each response appends its own short tail (the page's CSP
 * nonce and its closing tags) without compressing the body again (decision 206).
 *
 * Both formats allow it without help from the compressor: the head is compressed and flushed,
 * which leaves the stream on a byte boundary and unfinished; the tail goes after it as an
 * uncompressed block (a brotli uncompressed meta-block, RFC 7932 §9.2; a deflate stored block,
 * RFC 1951 §3.2.4), then the stream ends. So a hit costs the copy of the head and a CRC-32 of
 * the tail, never a compression.
 */
export interface SealedBody {
  /** The head, uncompressed. */
  readonly identity: Buffer;
  /** Brotli stream of the head, flushed, not finished. */
  readonly br: Buffer;
  /** Raw deflate of the head, sync-flushed, not finished; with the head's CRC-32. */
  readonly deflate: Buffer;
  readonly crc: number;
  /** Bytes held, for the cache's cap. */
  readonly bytes: number;
}

export async function sealBody(head: string): Promise<SealedBody> {
  const identity = Buffer.from(head);
  const [br, raw] = await Promise.all([
    brotli(identity, {
      finishFlush: constants.BROTLI_OPERATION_FLUSH,
      params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: identity.byteLength },
    }),
    deflate(identity, { level: 6, finishFlush: constants.Z_SYNC_FLUSH }),
  ]);
  return { identity, br, deflate: raw, crc: crc32(identity), bytes: identity.byteLength + br.byteLength + raw.byteLength };
}

/** 10-byte gzip member header: deflate, no name or time, unknown OS. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xff]);
/** A brotli meta-block with ISLAST and ISLASTEMPTY set: the end of the stream. */
const BROTLI_END = Buffer.from([0x03]);

/** The body with `tail` appended, in `encoding` (undefined: uncompressed). */
export function finishBody(sealed: SealedBody, tail: string, encoding: ContentEncoding | undefined): Buffer {
  const end = Buffer.from(tail);
  if (end.byteLength > MAX_TAIL_BYTES) throw new Error('A sealed body takes a tail of at most 64 KiB');
  if (encoding === 'br') {
    // ISLAST=0, MNIBBLES=4 (coded 0), MLEN-1 in 16 bits, ISUNCOMPRESSED=1, then zero bits to the byte.
    const header = ((end.byteLength - 1) << 3) | (1 << 19);
    const block = Buffer.from([header & 0xff, (header >> 8) & 0xff, (header >> 16) & 0xff]);
    return Buffer.concat([sealed.br, block, end, BROTLI_END]);
  }
  if (encoding === 'gzip') {
    // A final stored block (BFINAL=1, BTYPE=00), LEN and its complement, the bytes; then the
    // whole body's CRC-32 and length, as gzip's trailer wants them.
    const stored = Buffer.alloc(5);
    stored[0] = 0x01;
    stored.writeUInt16LE(end.byteLength, 1);
    stored.writeUInt16LE(~end.byteLength & 0xffff, 3);
    const trailer = Buffer.alloc(8);
    trailer.writeUInt32LE(crc32(end, sealed.crc) >>> 0, 0);
    trailer.writeUInt32LE((sealed.identity.byteLength + end.byteLength) % 2 ** 32, 4);
    return Buffer.concat([GZIP_HEADER, sealed.deflate, stored, end, trailer]);
  }
  return Buffer.concat([sealed.identity, end]);
}
