import type { Context } from 'hono';
import { Readable } from 'node:stream';
import { errors } from './errors.ts';
import { refOf, type ObjectRow } from './object-store.ts';
import type { StorageDeps } from './request.ts';

/**
 * Types a browser may render inline. Everything else (HTML, SVG, XML, scripts, unknown types) is
 * sent as an opaque download, so nothing a user uploaded can run as a page or a script here.
 */
const INLINE_TYPES = new Set([
  'image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif',
  'text/plain', 'text/csv', 'application/json',
  'video/mp4', 'video/webm', 'audio/mpeg', 'audio/ogg', 'audio/wav',
]);

export function safeContentType(stored: string): { type: string; inline: boolean } {
  const bare = stored.split(';')[0]!.trim().toLowerCase();
  if (INLINE_TYPES.has(bare)) return { type: stored, inline: true };
  return { type: 'application/octet-stream', inline: false };
}

/** True when the request's If-None-Match names this ETag (or *). */
export function notModified(c: Context, eTag: string): boolean {
  const header = c.req.header('if-none-match');
  if (!header) return false;
  return header.split(',').some((t) => {
    const tag = t.trim().replace(/^W\//, '');
    return tag === '*' || tag === eTag;
  });
}

type Range = { start: number; end: number };

/** One byte range from a Range header; 'unsatisfiable' or undefined (ignore) otherwise. */
export function parseRange(header: string | undefined, size: number): Range | 'unsatisfiable' | undefined {
  if (!header) return undefined;
  const m = header.trim().match(/^bytes=(\d*)-(\d*)$/);
  if (!m || (m[1] === '' && m[2] === '')) return undefined; // multi-range or malformed: send it all
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

/** Sends an object's bytes with Storage's headers: type, cache policy, ETag/304, ranges. */
export async function serveObject(c: Context, deps: StorageDeps, row: ObjectRow): Promise<Response> {
  const meta = row.metadata;
  const size = Number(meta.size);
  const { type, inline } = safeContentType(meta.mimetype ?? 'application/octet-stream');
  const headers = new Headers({
    'Content-Type': type,
    'Cache-Control': meta.cacheControl || 'no-cache',
    ETag: meta.eTag,
    'Last-Modified': new Date(row.updated_at).toUTCString(),
    'Accept-Ranges': 'bytes',
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'; sandbox",
  });
  const download = c.req.query('download');
  if (download !== undefined || !inline) {
    const filename = (download || row.name.split('/').pop() || 'download').replace(/[^\w.\- ]/g, '_');
    headers.set('Content-Disposition', `attachment; filename="${filename}"`);
  }
  if (notModified(c, meta.eTag)) return new Response(null, { status: 304, headers });

  const range = parseRange(c.req.header('range'), size);
  if (range === 'unsatisfiable') {
    headers.set('Content-Range', `bytes */${size}`);
    return new Response(null, { status: 416, headers });
  }
  const isHead = c.req.method === 'HEAD';
  const length = range ? range.end - range.start + 1 : size;
  headers.set('Content-Length', String(length));
  if (range) headers.set('Content-Range', `bytes ${range.start}-${range.end}/${size}`);
  const status = range ? 206 : 200;
  if (isHead) return new Response(null, { status, headers });

  const stream = await deps.backend.read(refOf(row), range);
  if (!stream) throw errors.objectNotFound();
  return new Response(Readable.toWeb(stream) as ReadableStream, { status, headers });
}
