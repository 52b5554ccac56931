import type { ImageSize } from './image-sizes.ts';
import { safeHttpUrl } from './urls.ts';

const PUBLIC_PREFIX = '/storage/v1/object/public/';

export const PLACEHOLDER_IMAGE = '/placeholder.svg';

/**
 * A resized version of a project image when it is in the API's storage (the render endpoint,
 * which renders only the sizes image-sizes.ts declares), the original when it is any other
 * http(s) URL, else the placeholder. The URL is spelled exactly as supabase-js's
 * `getPublicUrl(path, { transform })` spells it, so the page and the server's preload of the same
 * image (decision 201) name one cache entry, on our server and on hosted Supabase alike.
 */
export function renderedImageUrl(apiOrigin: string, imageUrl: string | null | undefined, size: ImageSize): string {
  const safe = safeHttpUrl(imageUrl);
  if (!safe) return PLACEHOLDER_IMAGE;
  const url = new URL(safe);
  const ours = url.origin === new URL(apiOrigin).origin && url.pathname.startsWith(PUBLIC_PREFIX);
  if (!ours) return safe;
  const [bucket, ...rest] = url.pathname.slice(PUBLIC_PREFIX.length).split('/');
  if (!bucket || rest.length === 0) return safe;
  const path = rest.map(decodeURIComponent).join('/').replace(/^\/+/, '');
  const query = new URLSearchParams({ width: String(size.width), height: String(size.height), resize: 'cover' });
  return `${encodeURI(`${url.origin}/storage/v1/render/image/public/${bucket}/${path}`)}?${query.toString()}`;
}
