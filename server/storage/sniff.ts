/**
 * What the bytes of a file really are, for the raster formats the product accepts.
 * A declared image type is believed only when the magic bytes agree.
 */
export type ImageType = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp' | 'image/avif';

export const RASTER_TYPES: readonly ImageType[] = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif'];

/** How many leading bytes sniffImage needs. */
export const SNIFF_BYTES = 32;

export function sniffImage(head: Uint8Array): ImageType | undefined {
  const b = Buffer.from(head.buffer, head.byteOffset, head.byteLength);
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (b.length >= 6 && (b.toString('latin1', 0, 6) === 'GIF87a' || b.toString('latin1', 0, 6) === 'GIF89a')) return 'image/gif';
  if (b.length >= 12 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP') return 'image/webp';
  if (b.length >= 12 && b.toString('latin1', 4, 8) === 'ftyp' && ['avif', 'avis'].includes(b.toString('latin1', 8, 12))) return 'image/avif';
  return undefined;
}

/** Browsers and tools use a few aliases for the same formats. */
export function canonicalImageType(type: string): string {
  return type === 'image/jpg' || type === 'image/pjpeg' ? 'image/jpeg' : type;
}

/**
 * Checks declared type against content. Every declared image/* type must be one of the raster
 * formats and match the bytes; SVG is refused outright because browsers run its scripts.
 * Non-image types are left to the bucket's allow-list and are served as downloads.
 */
export function contentMatchesDeclared(declared: string, head: Uint8Array): boolean {
  const type = canonicalImageType(declared);
  if (!type.startsWith('image/')) return true;
  return sniffImage(head) === type;
}
