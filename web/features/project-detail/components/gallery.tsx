import { useRef, useState } from 'react';
import { IMAGE_SIZE_FOR } from '../../../../domain/image-sizes.ts';
import { ArrowLeftIcon, ArrowRightIcon } from '../../../components/icons.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog.tsx';
import { PLACEHOLDER_IMAGE, projectImageUrl } from '../../projects/index.ts';

const IMAGE = IMAGE_SIZE_FOR.detail;
const THUMB = IMAGE_SIZE_FOR.card;

export interface GalleryImage {
  id: string;
  url: string;
  alt: string;
}

/**
 * The cover and, when there are more images, a row of thumbnails. Every image is a button that
 * opens the lightbox (Enter or Space, like any button); in it, ← and → move, Escape closes and
 * focus returns to the button that opened it (Radix Dialog).
 */
export function Gallery({ title, images }: { title: string; images: GalleryImage[] }) {
  const [open, setOpenState] = useState<number | null>(null);
  // The button that opened the lightbox gets focus back when it closes.
  const opener = useRef<HTMLElement | null>(null);
  const setOpen = (next: number | null | ((i: number | null) => number | null)) => {
    if (typeof next === 'number') opener.current = document.activeElement as HTMLElement | null;
    setOpenState(next);
  };
  const [cover, ...rest] = images;
  if (!cover) return null;
  const label = (i: number) => images[i]!.alt || `Screenshot ${i + 1} of ${images.length} of ${title}`;
  const move = (step: number) => setOpen((i) => (i === null ? i : (i + step + images.length) % images.length));

  return (
    <div className="mt-8" data-testid="gallery">
      <button type="button" onClick={() => setOpen(0)} className="block w-full overflow-hidden rounded-2xl border border-border bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring" aria-label={`Open ${label(0)}`}>
        <img
          src={projectImageUrl(cover.url, IMAGE)}
          alt={label(0)}
          width={IMAGE.width}
          height={IMAGE.height}
          fetchPriority="high"
          decoding="async"
          onError={(e) => {
            if (!e.currentTarget.src.endsWith(PLACEHOLDER_IMAGE)) e.currentTarget.src = PLACEHOLDER_IMAGE;
          }}
          className="aspect-video h-auto w-full object-cover"
        />
      </button>
      {rest.length > 0 && (
        <ul className="mt-3 grid grid-cols-3 gap-3 sm:grid-cols-5" aria-label="More screenshots">
          {rest.map((img, k) => (
            <li key={img.id}>
              <button type="button" onClick={() => setOpen(k + 1)} aria-label={`Open ${label(k + 1)}`} className="block w-full overflow-hidden rounded-lg border border-border bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
                <img src={projectImageUrl(img.url, THUMB)} alt="" width={THUMB.width} height={THUMB.height} loading="lazy" decoding="async" className="aspect-video h-auto w-full object-cover" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <Dialog open={open !== null} onOpenChange={(o) => !o && setOpen(null)}>
        <DialogContent
          className="max-w-5xl"
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            opener.current?.focus();
          }}
          onKeyDown={(e) => {
            if (e.key === 'ArrowRight') move(1);
            if (e.key === 'ArrowLeft') move(-1);
          }}
        >
          {open !== null && (
            <>
              <DialogTitle>{title}</DialogTitle>
              <DialogDescription>
                Image {open + 1} of {images.length}
                {images.length > 1 ? '. Use the arrow keys to move.' : ''}
              </DialogDescription>
              <img src={projectImageUrl(images[open]!.url, IMAGE)} alt={label(open)} width={IMAGE.width} height={IMAGE.height} className="h-auto max-h-[75vh] w-full rounded-lg object-contain" />
              {images.length > 1 && (
                <div className="flex justify-between">
                  <button type="button" onClick={() => move(-1)} className="inline-flex items-center gap-1 rounded-md px-3 py-2 text-sm hover:bg-muted">
                    <ArrowLeftIcon /> Previous image
                  </button>
                  <button type="button" onClick={() => move(1)} className="inline-flex items-center gap-1 rounded-md px-3 py-2 text-sm hover:bg-muted">
                    Next image <ArrowRightIcon />
                  </button>
                </div>
              )}
            </>
          )}
        </DialogContent>
      </Dialog>
    </div>
  );
}
