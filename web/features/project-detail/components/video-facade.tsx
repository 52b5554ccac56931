import { useState } from 'react';
import { IMAGE_SIZE_FOR } from '../../../../domain/image-sizes.ts';
import { parseVideoUrl } from '../../../../domain/richer-projects.ts';
import { projectImageUrl } from '../../projects/index.ts';

/**
 * The demo video behind a click: until the visitor presses play, the page shows the maker's poster
 * (served by us) and asks nothing of the video host. The player then loads in an iframe the CSP
 * allows (frame-src, server/http/security-headers.ts). Without a poster the frame shows the
 * project's cover behind the play button, never a bare black box; either way it is a frame of a
 * player's size, not the page's full width (issue 30, L10).
 */
export function VideoFacade({ title, videoUrl, posterUrl, coverUrl }: { title: string; videoUrl: string; posterUrl: string; coverUrl: string }) {
  const [playing, setPlaying] = useState(false);
  const video = parseVideoUrl(videoUrl);
  if (!video) return null;
  return (
    <section aria-labelledby="video-heading" className="mt-8">
      <h2 id="video-heading" className="text-2xl font-bold tracking-tight">
        Demo video
      </h2>
      <div className="mt-4 aspect-video w-full max-w-3xl overflow-hidden rounded-2xl border border-border bg-muted" data-testid="video-frame">
        {playing ? (
          <iframe
            src={video.embedUrl}
            title={`Demo video of ${title}`}
            allow="autoplay; fullscreen; picture-in-picture"
            allowFullScreen
            referrerPolicy="strict-origin-when-cross-origin"
            className="h-full w-full"
          />
        ) : (
          <button type="button" onClick={() => setPlaying(true)} className="group relative block h-full w-full focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
            {posterUrl ? (
              <img src={posterUrl} alt="" loading="lazy" decoding="async" className="h-full w-full object-cover opacity-90" />
            ) : (
              coverUrl && (
                <>
                  <img src={projectImageUrl(coverUrl, IMAGE_SIZE_FOR.detail)} alt="" loading="lazy" decoding="async" data-testid="video-cover" className="h-full w-full object-cover" />
                  {/* Dims the cover so the play button reads on any picture, light or dark. */}
                  <span aria-hidden="true" className="absolute inset-0 bg-black/40" />
                </>
              )
            )}
            <span className="absolute inset-0 grid place-items-center">
              <span className="flex items-center gap-2 rounded-full bg-white/90 px-5 py-3 font-semibold text-black shadow-lg group-hover:bg-white">
                <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5 fill-current">
                  <path d="M8 5v14l11-7z" />
                </svg>
                Play demo video
              </span>
            </span>
          </button>
        )}
      </div>
      {!playing && <p className="mt-2 text-xs text-muted-foreground">Plays from {video.host === 'youtube' ? 'YouTube' : video.host === 'vimeo' ? 'Vimeo' : 'Loom'}; nothing loads from there until you press play.</p>}
    </section>
  );
}
