import sharp from 'sharp';
import { ALLOWED_IMAGE_TYPES, IMAGE_MAX_BYTES } from '../../domain/limits.ts';
import { safeFetch, type SafeFetchOptions } from '../fetcher/safe-fetch.ts';
import { canonicalImageType, sniffImage } from '../storage/sniff.ts';

/**
 * A page's preview image, fetched through safeFetch and checked as an upload is (decision 261):
 * one of the bucket's types, within its size, the bytes matching the declared type, and an image
 * that decodes. The bytes go back to the form, which uploads them through the normal path when the
 * maker submits; the remote address is never shown or stored (a hot-linked image would tell the
 * site every visitor's address).
 */

export type AllowedImageType = (typeof ALLOWED_IMAGE_TYPES)[number];

export interface FetchedImage {
  type: AllowedImageType;
  bytes: Buffer;
  width: number;
  height: number;
}

/** Why an image was not used, in the maker's words. */
export class ImageUnusable extends Error {}

/** Larger than any screen draws a card; beyond it an image is a decompression bomb more often than art. */
const MAX_SIDE = 8_000;

const isAllowed = (type: string): type is AllowedImageType => (ALLOWED_IMAGE_TYPES as readonly string[]).includes(type);

export async function fetchPreviewImage(url: string, options: SafeFetchOptions): Promise<FetchedImage> {
  const result = await safeFetch(url, { ...options, maxBytes: IMAGE_MAX_BYTES, truncate: false, acceptTypes: (type) => isAllowed(canonicalImageType(type)) });
  if (result.status !== 200) throw new ImageUnusable(`The preview image could not be loaded (the site answered ${result.status}).`);
  const declared = canonicalImageType(result.contentType);
  if (!isAllowed(declared) || sniffImage(result.body.subarray(0, 32)) !== declared) {
    throw new ImageUnusable('The preview image is not the JPEG, PNG, GIF or WebP it says it is, so it was not used.');
  }
  const info = await sharp(result.body, { limitInputPixels: MAX_SIDE * MAX_SIDE })
    .metadata()
    .catch(() => {
      throw new ImageUnusable('The preview image could not be read, so it was not used.');
    });
  const width = info.width ?? 0;
  const height = info.height ?? 0;
  if (width < 1 || height < 1 || width > MAX_SIDE || height > MAX_SIDE) {
    throw new ImageUnusable(`The preview image is ${width}×${height} pixels; images up to ${MAX_SIDE} pixels a side are used.`);
  }
  return { type: declared, bytes: result.body, width, height };
}
