import { readFile, stat } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import { isCompressibleType, preferredEncoding, type ContentEncoding } from '../http/compression.ts';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
};

export interface StaticFile {
  body: Buffer;
  contentType: string;
  cacheControl: string;
  /** Set when body is the build's precompressed variant (file.br or file.gz). */
  contentEncoding?: ContentEncoding;
  /** Set for types that have compressed variants, whichever was served. */
  vary?: string;
}

const VARIANT_SUFFIX: Record<ContentEncoding, string> = { br: '.br', gzip: '.gz' };

/** The build's precompressed variant for this client, if it made one (scripts/vite-precompress.ts). */
async function compressedVariant(file: string, acceptEncoding: string | undefined) {
  const encoding = preferredEncoding(acceptEncoding);
  if (!encoding) return undefined;
  try {
    return { body: await readFile(file + VARIANT_SUFFIX[encoding]), encoding };
  } catch {
    return undefined;
  }
}

/**
 * A file of the built SPA, or undefined; text files in the variant the build precompressed for
 * the client's Accept-Encoding. Vite's hashed files under /assets/ never change
 * under the same name, so browsers keep them for a year; other files are revalidated hourly.
 * Paths that would leave the directory, hidden files and the build manifest are never served.
 */
export async function readStaticFile(rootDir: string, urlPath: string, acceptEncoding?: string): Promise<StaticFile | undefined> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0') || decoded.split('/').some((part) => part.startsWith('.'))) return undefined;
  const root = resolve(rootDir);
  const file = resolve(join(root, decoded));
  if (!file.startsWith(root + sep)) return undefined;
  const type = TYPES[extname(file).toLowerCase()];
  if (!type || file === join(root, 'index.html')) return undefined;
  try {
    if (!(await stat(file)).isFile()) return undefined;
    const hashed = decoded.startsWith('/assets/');
    const cacheControl = hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600';
    if (!isCompressibleType(type)) return { body: await readFile(file), contentType: type, cacheControl };
    const variant = await compressedVariant(file, acceptEncoding);
    if (variant) return { body: variant.body, contentType: type, cacheControl, contentEncoding: variant.encoding, vary: 'Accept-Encoding' };
    return { body: await readFile(file), contentType: type, cacheControl, vary: 'Accept-Encoding' };
  } catch {
    return undefined;
  }
}
