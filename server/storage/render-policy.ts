import { createHash } from 'node:crypto';
import { declaredImageSize, IMAGE_SIZES, type ImageSize } from '../../domain/image-sizes.ts';
import { errors } from './errors.ts';
import type { ObjectRow } from './object-store.ts';

/**
 * What a render may ask for (finding M5): one of the site's declared sizes (domain/image-sizes.ts),
 * the resize modes, quality 20–100, and the formats storage-js names, WebP by default or the
 * source's own ("origin"). Anything else is refused before any pixel is touched.
 */
export const OUTPUT_TYPES = { webp: 'image/webp', jpeg: 'image/jpeg', png: 'image/png', avif: 'image/avif', gif: 'image/gif' } as const;
export type OutputFormat = keyof typeof OUTPUT_TYPES;

export interface TransformOptions {
  size: ImageSize;
  resize: 'cover' | 'contain' | 'fill';
  quality: number;
  format: OutputFormat;
}

/** What the site's pages ask for: rendered for every declared size when an image is uploaded. */
export const PAGE_OPTIONS = { resize: 'cover', quality: 80, format: 'webp' } as const;

const SIZES_TEXT = IMAGE_SIZES.map((s) => `${s.width}x${s.height}`).join(', ');

function dimension(name: string, value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  const n = Number(value);
  if (!Number.isInteger(n)) throw errors.invalidRequest(`${name} must be an integer`);
  return n;
}

/** The query supabase-js getPublicUrl(path, { transform }) builds: width, height, resize, quality, format. */
export function parseTransform(query: (name: string) => string | undefined, sourceType: string): TransformOptions {
  const size = declaredImageSize(dimension('width', query('width')), dimension('height', query('height')));
  if (!size) throw errors.invalidRequest(`width and height must be one of the site's image sizes: ${SIZES_TEXT}`);
  const resize = query('resize') || 'cover';
  if (resize !== 'cover' && resize !== 'contain' && resize !== 'fill') throw errors.invalidRequest('resize must be cover, contain or fill');
  const qualityText = query('quality');
  const quality = qualityText === undefined || qualityText === '' ? PAGE_OPTIONS.quality : Number(qualityText);
  if (!Number.isInteger(quality) || quality < 20 || quality > 100) throw errors.invalidRequest('quality must be an integer between 20 and 100');
  const formatText = query('format');
  let format: OutputFormat;
  if (formatText === undefined || formatText === '') format = PAGE_OPTIONS.format;
  else if (formatText === 'origin') format = sourceType.split('/')[1] as OutputFormat;
  else throw errors.invalidRequest('format must be origin (the image’s own format) or left out (WebP)');
  return { size, resize, quality, format };
}

/** The rendition's name in the cache: the object's version and the options, hashed. */
export function variantName(row: Pick<ObjectRow, 'version' | 'metadata'>, t: TransformOptions): string {
  const hash = createHash('sha256')
    .update(JSON.stringify([row.version, row.metadata.eTag, t.size.width, t.size.height, t.resize, t.quality, t.format]))
    .digest('hex')
    .slice(0, 32);
  return `${hash}.${t.format}`;
}
