import type { ImageSize } from '../../../../domain/image-sizes.ts';
import { PLACEHOLDER_IMAGE, renderedImageUrl } from '../../../../domain/image-urls.ts';
import { apiOrigin } from '../../../lib/env.ts';

export { PLACEHOLDER_IMAGE };

/** A project image at one of the declared sizes (domain/image-urls.ts). */
export function projectImageUrl(imageUrl: string | null | undefined, size: ImageSize): string {
  return renderedImageUrl(apiOrigin(), imageUrl, size);
}
