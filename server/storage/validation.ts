import { errors } from './errors.ts';

/**
 * Bucket ids become a directory name and a URL segment. Names that are route words of the
 * API would make URLs ambiguous (/object/public/...), so they are refused.
 */
const BUCKET_ID = /^[a-z0-9][a-z0-9_.-]{1,62}$/i;
const RESERVED_BUCKET_IDS = new Set(['public', 'authenticated', 'sign', 'upload', 'info', 'list', 'list-v2', 'move', 'copy']);

export function validateBucketId(id: unknown): string {
  if (typeof id !== 'string' || !BUCKET_ID.test(id) || id.includes('..') || RESERVED_BUCKET_IDS.has(id.toLowerCase())) {
    throw errors.invalidBucketName();
  }
  return id;
}

/** Supabase Storage's key alphabet; anything else (backslashes, control characters, %, #, <, >) is refused. */
const KEY_CHARS = /^[\w/!\-.*'() &$@=;:+,?]+$/;
export const MAX_KEY_BYTES = 1024;
const MAX_SEGMENT_BYTES = 255;

/**
 * Object names become file paths under the bucket's directory, so every way out of it is refused:
 * absolute paths, "." and ".." segments, empty segments, backslashes, overlong names.
 */
export function validateObjectKey(key: string): string {
  const bytes = Buffer.byteLength(key);
  if (bytes === 0 || bytes > MAX_KEY_BYTES || !KEY_CHARS.test(key)) throw errors.invalidKey(key);
  for (const segment of key.split('/')) {
    if (segment === '' || segment === '.' || segment === '..' || Buffer.byteLength(segment) > MAX_SEGMENT_BYTES) {
      throw errors.invalidKey(key);
    }
  }
  return key;
}

/** "5MB", "30KB", "3B", "20GB" or a byte count, as Storage accepts for file_size_limit. */
export function parseSizeLimit(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return value;
  if (typeof value === 'string') {
    const m = value.trim().match(/^(\d+(?:\.\d+)?)\s*(B|KB|MB|GB)?$/i);
    if (m) {
      const unit = { B: 1, KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3 }[(m[2] ?? 'B').toUpperCase() as 'B'];
      const bytes = Math.floor(Number(m[1]) * unit);
      if (Number.isSafeInteger(bytes)) return bytes;
    }
  }
  throw errors.invalidRequest('Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B');
}

const MIME = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9*][a-z0-9!#$&^_.+*-]{0,126}$/i;
/** A full Content-Type value, optionally with simple parameters (charset=utf-8). */
const CONTENT_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}(\s*;\s*[a-z0-9_-]{1,40}=[a-z0-9_.-]{1,60})*$/i;

export function parseAllowedMimeTypes(value: unknown): string[] | null {
  if (value === null || value === undefined) return null;
  if (!Array.isArray(value) || value.length > 100 || !value.every((v) => typeof v === 'string' && MIME.test(v))) {
    throw errors.invalidRequest('allowed_mime_types must be a list of MIME types such as image/png or image/*');
  }
  return value.length ? value.map((v: string) => v.toLowerCase()) : null;
}

/** The bare media type of a Content-Type value, or throws when the value is not a well-formed type. */
export function mediaType(contentType: string): string {
  const trimmed = contentType.trim();
  if (!CONTENT_TYPE.test(trimmed)) throw errors.mimeNotSupported(trimmed.slice(0, 100) || 'empty');
  return trimmed.split(';')[0]!.trim().toLowerCase();
}

export function mimeAllowed(type: string, allowed: readonly string[] | null): boolean {
  if (!allowed || allowed.length === 0) return true;
  return allowed.some((a) => a === type || (a.endsWith('/*') && type.startsWith(a.slice(0, -1))));
}

/**
 * Cache-Control from the upload: multipart sends seconds ("3600"), a raw body sends the header.
 * Only plain directives are kept, so no header can be smuggled into responses.
 */
export function normaliseCacheControl(value: string | undefined | null): string {
  const v = (value ?? '').trim();
  if (/^\d{1,10}$/.test(v)) return `max-age=${v}`;
  if (/^[a-z0-9=, -]{1,200}$/i.test(v)) return v;
  return 'no-cache';
}
