import type { ImageSize } from '../../../../domain/image-sizes.ts';
import { env } from '../../../lib/env.ts';
import { safeHttpUrl } from '../../../lib/safe-url.ts';
import { supabase } from '../../../lib/supabase.ts';

const PUBLIC_PREFIX = '/storage/v1/object/public/';

export const PLACEHOLDER_IMAGE = '/placeholder.svg';

/**
 * A resized version of a project image when it is in our storage (the render endpoint, which
 * renders only the sizes domain/image-sizes.ts declares), the original when it is any other
 * http(s) URL, else the placeholder.
 */
export function projectImageUrl(imageUrl: string | null | undefined, size: ImageSize): string {
  const safe = safeHttpUrl(imageUrl);
  if (!safe) return PLACEHOLDER_IMAGE;
  const url = new URL(safe);
  const ours = url.origin === new URL(env.supabaseUrl).origin && url.pathname.startsWith(PUBLIC_PREFIX);
  if (!ours) return safe;
  const [bucket, ...rest] = url.pathname.slice(PUBLIC_PREFIX.length).split('/');
  if (!bucket || rest.length === 0) return safe;
  const path = rest.map(decodeURIComponent).join('/');
  return supabase.storage.from(bucket).getPublicUrl(path, { transform: { width: size.width, height: size.height, resize: 'cover' } }).data.publicUrl;
}
