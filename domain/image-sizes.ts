/**
 * The sizes project images are shown at, and the only sizes the server renders (finding M5 of the
 * security audit: any size on request let anyone keep the CPU busy). One 16:9 family, so each is
 * an exact scale of the next, every page asks for one of them, and a srcset can offer them all.
 * The server renders all of them when an image is uploaded; a size that is not here is refused.
 */
export const IMAGE_SIZES = [
  { width: 320, height: 180 },
  { width: 640, height: 360 },
  { width: 1280, height: 720 },
] as const;

export type ImageSize = (typeof IMAGE_SIZES)[number];

/** Where each size is used. */
export const IMAGE_SIZE_FOR = {
  /** My Projects rows. */
  row: IMAGE_SIZES[0],
  /** Project cards (home, /projects, creator pages). */
  card: IMAGE_SIZES[1],
  /** The project page. */
  detail: IMAGE_SIZES[2],
} as const;

export function declaredImageSize(width: number | undefined, height: number | undefined): ImageSize | undefined {
  return IMAGE_SIZES.find((s) => s.width === width && s.height === height);
}
