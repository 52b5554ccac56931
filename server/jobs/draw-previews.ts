import type { PreviewService } from '../previews/subjects.ts';
import type { Job } from './scheduler.ts';

/** The newest launched projects looked at per run, and the most drawn per run (each tens of ms of CPU). */
const SCAN = 200;
const MAX_DRAWN = 10;

/**
 * Preview images drawn ahead of crawlers (decision 251): every minute, the newest launched
 * projects whose image is not the one they should show now (new, renamed, new cover, an award, or
 * votes that moved more than 10 minutes after the last drawing) are drawn, while the preview
 * queue has room, so a crawler that follows a shared link finds the image drawn.
 */
export function drawPreviewsJob(previews: PreviewService): Job {
  return {
    name: 'draw-previews',
    everyMs: 60_000,
    async run() {
      const drawn = await previews.drawAhead(SCAN, MAX_DRAWN);
      return drawn ? `drew ${drawn} preview images` : undefined;
    },
  };
}
