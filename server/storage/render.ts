import type { Context } from 'hono';
import sharp, { type Sharp } from 'sharp';
import { IMAGE_SIZES } from '../../domain/image-sizes.ts';
import { clientLimitKey } from '../http/client-ip.ts';
import { errors, StorageError } from './errors.ts';
import { refOf, type ObjectRow } from './object-store.ts';
import { OUTPUT_TYPES, PAGE_OPTIONS, parseTransform, variantName, type TransformOptions } from './render-policy.ts';
import { RenderQueueFull } from './render-queue.ts';
import type { StorageDeps } from './request.ts';
import { notModified } from './serve.ts';
import { RASTER_TYPES } from './sniff.ts';

/** Larger sources are refused: decoding them is where a render's time goes. */
const MAX_INPUT_PIXELS = 50_000_000;

function decode(source: string) {
  return sharp(source, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated: false }).rotate();
}

function encode(img: Sharp, t: Pick<TransformOptions, 'format' | 'quality'>): Promise<Buffer> {
  switch (t.format) {
    case 'webp':
      return img.webp({ quality: t.quality }).toBuffer();
    case 'jpeg':
      return img.jpeg({ quality: t.quality }).toBuffer();
    case 'png':
      return img.png().toBuffer();
    case 'avif':
      // AVIF's default effort costs seconds even at these sizes; a lower one stays near WebP's cost.
      return img.avif({ quality: t.quality, effort: 2 }).toBuffer();
    case 'gif':
      return img.gif().toBuffer();
  }
}

function render(source: string, t: TransformOptions): Promise<Buffer> {
  return encode(decode(source).resize({ width: t.size.width, height: t.size.height, fit: t.resize }), t);
}

/**
 * Serves a resized copy of an image object. Cache hits are served at once, whoever asks; a miss
 * counts against the client's RATE_LIMIT_RENDERS and waits for the bounded render queue (503 with
 * Retry-After when it is full). The declared sizes were rendered at upload, so pages hit.
 */
export async function serveRendered(c: Context, deps: StorageDeps, row: ObjectRow): Promise<Response> {
  const mimetype = row.metadata.mimetype;
  if (!RASTER_TYPES.includes(mimetype as (typeof RASTER_TYPES)[number])) {
    throw errors.invalidRequest('Image transformation is only available for PNG, JPEG, GIF, WebP and AVIF images');
  }
  const t = parseTransform((n) => c.req.query(n), mimetype);
  const variant = variantName(row, t);
  const eTag = `"${variant.split('.')[0]}"`;
  const headers = new Headers({
    'Content-Type': OUTPUT_TYPES[t.format],
    'Cache-Control': row.metadata.cacheControl || 'no-cache',
    ETag: eTag,
    'X-Content-Type-Options': 'nosniff',
  });
  if (notModified(c, eTag)) return new Response(null, { status: 304, headers });

  const { renders } = deps;
  const ref = refOf(row);
  let bytes = await renders.cache.get(ref, variant);
  if (!bytes) {
    const limit = await deps.ctx.rateLimiter.hit(`render:ip:${clientLimitKey(c, deps.ctx.config.TRUST_PROXY)}`, deps.ctx.config.RATE_LIMIT_RENDERS);
    if (!limit.allowed) throw new StorageError(429, 'too_many_requests', 'Too many image renders, please try again later', 429, limit.retryAfter);
    bytes = await renders.once(`${row.bucket_id}/${row.name}/${variant}`, async () => {
      const out = await deps.backend.withLocalFile(ref, (source) =>
        renders.queue.run(() => render(source, t)).catch((err: unknown) => {
          if (err instanceof RenderQueueFull) throw new StorageError(503, 'service_unavailable', 'The image renderer is busy, please try again shortly', 503, err.retryAfterSeconds);
          throw errors.invalidRequest('The image could not be processed');
        }),
      );
      if (!out) throw errors.objectNotFound();
      await renders.cache.put(ref, variant, out);
      return out;
    });
  }
  headers.set('Content-Length', String(bytes.length));
  if (c.req.method === 'HEAD') return new Response(null, { status: 200, headers });
  return new Response(new Uint8Array(bytes), { status: 200, headers });
}

/**
 * After an upload: every declared size as pages ask for it, from one decode (the sizes share one
 * aspect ratio, so each is a scale of the largest). Best effort: when the queue is full, or the
 * image cannot be read, pages render on their first visit instead.
 */
export async function renderAhead(deps: StorageDeps, row: Pick<ObjectRow, 'bucket_id' | 'name' | 'version' | 'metadata'>): Promise<void> {
  if (!RASTER_TYPES.includes(row.metadata.mimetype as (typeof RASTER_TYPES)[number]) || !deps.renders.queue.hasRoom) return;
  const ref = refOf({ bucket_id: row.bucket_id, name: row.name, version: row.version });
  const sizes = [...IMAGE_SIZES].sort((a, b) => b.width - a.width);
  try {
    await deps.backend.withLocalFile(ref, (source) => deps.renders.queue.run(async () => {
      const largest = sizes[0]!;
      const { data, info } = await decode(source)
        .resize({ width: largest.width, height: largest.height, fit: PAGE_OPTIONS.resize })
        .raw()
        .toBuffer({ resolveWithObject: true });
      for (const size of sizes) {
        const t: TransformOptions = { ...PAGE_OPTIONS, size };
        const raw = sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
        const bytes = await encode(size === largest ? raw : raw.resize({ width: size.width, height: size.height, fit: 'fill' }), t);
        await deps.renders.cache.put(ref, variantName(row, t), bytes);
      }
    }));
  } catch (err) {
    if (!(err instanceof RenderQueueFull)) console.error('storage: rendering ahead failed', err instanceof Error ? err.message : err);
  }
}
