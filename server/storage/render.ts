import type { Context } from 'hono';
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { errors } from './errors.ts';
import type { ObjectRow } from './object-store.ts';
import type { StorageDeps } from './request.ts';
import { notModified } from './serve.ts';
import { RASTER_TYPES } from './sniff.ts';

/** Bounds on a transformation, so no request can ask for a 100,000-pixel image. */
export const MAX_RENDER_DIMENSION = 2500;
const MAX_INPUT_PIXELS = 50_000_000;
const OUTPUT_FORMATS = { webp: 'image/webp', jpeg: 'image/jpeg', png: 'image/png', avif: 'image/avif', gif: 'image/gif' } as const;
type OutputFormat = keyof typeof OUTPUT_FORMATS;

export interface TransformOptions {
  width?: number;
  height?: number;
  resize: 'cover' | 'contain' | 'fill';
  quality: number;
  /** 'origin' keeps the source format; otherwise WebP unless asked. */
  format: OutputFormat;
}

function dimension(name: string, value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > MAX_RENDER_DIMENSION) {
    throw errors.invalidRequest(`${name} must be an integer between 1 and ${MAX_RENDER_DIMENSION}`);
  }
  return n;
}

/** The query supabase-js getPublicUrl(path, { transform }) builds: width, height, resize, quality, format. */
export function parseTransform(query: (name: string) => string | undefined, sourceType: string): TransformOptions {
  const width = dimension('width', query('width'));
  const height = dimension('height', query('height'));
  const resize = query('resize') ?? 'cover';
  if (resize !== 'cover' && resize !== 'contain' && resize !== 'fill') throw errors.invalidRequest('resize must be cover, contain or fill');
  const qualityText = query('quality');
  const quality = qualityText === undefined ? 80 : Number(qualityText);
  if (!Number.isInteger(quality) || quality < 20 || quality > 100) throw errors.invalidRequest('quality must be an integer between 20 and 100');
  const formatText = query('format');
  let format: OutputFormat;
  if (formatText === undefined || formatText === '' || formatText === 'webp') format = 'webp';
  else if (formatText === 'origin') format = sourceType.split('/')[1] as OutputFormat;
  else if (formatText in OUTPUT_FORMATS) format = formatText as OutputFormat;
  else throw errors.invalidRequest('format must be origin, webp, avif, jpeg or png');
  return { width, height, resize, quality, format };
}

/** At most two images are encoded at once; sharp work is CPU-heavy and these machines are small. */
let running = 0;
const waiting: Array<() => void> = [];
async function withRenderSlot<T>(fn: () => Promise<T>): Promise<T> {
  if (running >= 2) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await fn();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

async function transform(source: string, t: TransformOptions): Promise<Buffer> {
  let img = sharp(source, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated: false }).rotate();
  if (t.width || t.height) {
    img = img.resize({ width: t.width, height: t.height, fit: t.resize, withoutEnlargement: false });
  }
  switch (t.format) {
    case 'webp':
      return img.webp({ quality: t.quality }).toBuffer();
    case 'jpeg':
      return img.jpeg({ quality: t.quality }).toBuffer();
    case 'png':
      return img.png().toBuffer();
    case 'avif':
      return img.avif({ quality: t.quality }).toBuffer();
    case 'gif':
      return img.gif().toBuffer();
  }
}

/**
 * Serves a resized copy of an image object, cached on disk per object version and options;
 * the cache is dropped whenever the object is overwritten or deleted.
 */
export async function serveRendered(c: Context, deps: StorageDeps, row: ObjectRow): Promise<Response> {
  const mimetype = row.metadata.mimetype;
  if (!RASTER_TYPES.includes(mimetype as (typeof RASTER_TYPES)[number])) {
    throw errors.invalidRequest('Image transformation is only available for PNG, JPEG, GIF, WebP and AVIF images');
  }
  const t = parseTransform((n) => c.req.query(n), mimetype);
  const variant = createHash('sha256')
    .update(JSON.stringify([row.version, row.metadata.eTag, t.width, t.height, t.resize, t.quality, t.format]))
    .digest('hex')
    .slice(0, 32);
  const eTag = `"${variant}"`;
  const headers = new Headers({
    'Content-Type': OUTPUT_FORMATS[t.format],
    'Cache-Control': row.metadata.cacheControl || 'no-cache',
    ETag: eTag,
    'X-Content-Type-Options': 'nosniff',
  });
  if (notModified(c, eTag)) return new Response(null, { status: 304, headers });

  const dir = deps.backend.derivedDir(row.bucket_id, row.name);
  const cached = join(dir, `${variant}.${t.format}`);
  let bytes: Buffer;
  try {
    bytes = await readFile(cached);
  } catch {
    const source = await deps.backend.localPath(row.bucket_id, row.name);
    if (!source) throw errors.objectNotFound();
    try {
      bytes = await withRenderSlot(() => transform(source, t));
    } catch {
      throw errors.invalidRequest('The image could not be processed');
    }
    await mkdir(dir, { recursive: true });
    const tmp = join(dir, `.${randomUUID()}`);
    await writeFile(tmp, bytes);
    await rename(tmp, cached).catch(() => rm(tmp, { force: true }));
  }
  headers.set('Content-Length', String(bytes.length));
  if (c.req.method === 'HEAD') return new Response(null, { status: 200, headers });
  return new Response(new Uint8Array(bytes), { status: 200, headers });
}
