import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { anonReads, type AnonReads } from '../security/caller.ts';
import type { StorageBackend } from '../storage/backend.ts';
import { RenderQueue } from '../storage/render-queue.ts';
import { PAGE_OPTIONS, variantName } from '../storage/render-policy.ts';
import { IMAGE_SIZES } from '../../domain/image-sizes.ts';
import { coverRef, readLaunchedProjects, readShown, votesOf, withoutVotes } from './content.ts';
import { subjectPath, type Current, type PreviewService, type Served, type Shown, type Subject } from './subjects.ts';
import { drawPreview } from './draw.ts';

/** A change of vote counts alone is drawn again at most this often (the "every 10 minutes"). */
export const VOTE_REDRAW_MS = 10 * 60_000;
/** Bumped when the drawing changes, so every image gets a new version. */
const DRAWING_VERSION = 1;
/** The declared size (domain/image-sizes.ts) a cover is read at when its rendition exists: 640×360. */
const COVER_SOURCE = IMAGE_SIZES.find((s) => s.width === 640) ?? IMAGE_SIZES[IMAGE_SIZES.length - 1]!;

/** One drawer: a preview costs tens of milliseconds of CPU and thumbnails share the two cores. */
const PREVIEW_SLOTS = 1;

const hash = (value: unknown) => createHash('sha256').update(JSON.stringify([DRAWING_VERSION, value])).digest('hex').slice(0, 16);

/** The version of what an image shows (its URL's name), and of all of it but the vote counts. */
export function versionsOf(shown: Shown): { version: string; steady: string } {
  return { version: hash([shown.view, shown.coverUrl ?? null]), steady: hash([withoutVotes(shown.view), shown.coverUrl ?? null]) };
}


/**
 * The preview images (decision 251): what each shows is read as `anon` (so a pending, hidden or
 * missing project has none), its version is a hash of exactly that, and the drawn PNG is kept in
 * platform.preview_images, one per subject. A change of vote counts alone keeps the drawn image
 * (and its URL) for up to 10 minutes; anything else is a new version at once. Drawing goes
 * through a bounded queue: one at a time, PREVIEW_QUEUE_SIZE waiting, then RenderQueueFull (503).
 */
export class Previews implements PreviewService {
  readonly queue: RenderQueue;
  private readonly read: AnonReads;
  private readonly inflight = new Map<string, Promise<Buffer>>();
  /** CPU milliseconds of the most recent draws (newest last), for the operator and the benchmark. */
  readonly cpuSamples: number[] = [];

  constructor(private readonly deps: { db: Database; storage: StorageBackend; clock: Clock; config: Config }) {
    this.queue = new RenderQueue(PREVIEW_SLOTS, deps.config.PREVIEW_QUEUE_SIZE);
    this.read = anonReads(deps.db, deps.config);
  }

  /** What the subject's image is now; undefined when anon cannot see the subject. */
  async current(subject: Subject): Promise<Current | undefined> {
    const [shown, row] = await Promise.all([readShown(this.read, subject), this.row(subject)]);
    return shown ? this.compare(shown, row) : undefined;
  }

  /** The absolute URL of the subject's image for its page's meta; undefined when there is none. */
  async urlFor(subject: Subject, origin: string): Promise<string | undefined> {
    const current = await this.current(subject);
    return current ? `${origin}${subjectPath(subject)}/${current.version}.png` : undefined;
  }

  /** The current image's bytes, drawn now when they are not (may throw RenderQueueFull); undefined: no such subject. */
  async serve(subject: Subject): Promise<Served | undefined> {
    const current = await this.current(subject);
    if (!current) return undefined;
    if (current.drawn) {
      const { rows } = await this.deps.db.query<{ png: Buffer }>(
        'select png from platform.preview_images where kind = $1 and subject = $2 and version = $3',
        [subject.kind, subject.key, current.version],
      );
      if (rows[0]) return { png: Buffer.from(rows[0].png), version: current.version };
    }
    return { png: await this.draw(subject, current), version: current.version };
  }

  /**
   * The scheduler's look ahead (server/jobs/draw-previews.ts): the newest launched projects whose
   * image is not drawn as it should be now, drawn while the queue has room, at most `max`.
   */
  async drawAhead(scan: number, max: number): Promise<number> {
    const projects = await readLaunchedProjects(this.read, scan);
    if (projects.length === 0) return 0;
    const { rows } = await this.deps.db.query<StoredRow & { subject: string }>(
      `select subject, version, steady, drawn_at from platform.preview_images where kind = 'project' and subject = any($1::text[])`,
      [projects.map((p) => p.subject.key)],
    );
    const stored = new Map(rows.map((r) => [r.subject, r]));
    let drawn = 0;
    for (const { subject, shown } of projects) {
      if (drawn >= max || !this.queue.hasRoom) break;
      const current = this.compare(shown, stored.get(subject.key));
      if (current.drawn) continue;
      await this.draw(subject, current);
      drawn++;
    }
    return drawn;
  }

  private async row(subject: Subject): Promise<StoredRow | undefined> {
    const { rows } = await this.deps.db.query<StoredRow>('select version, steady, drawn_at from platform.preview_images where kind = $1 and subject = $2', [subject.kind, subject.key]);
    return rows[0];
  }

  private compare(shown: Shown, row: StoredRow | undefined): Current {
    const { version, steady } = versionsOf(shown);
    if (row?.version === version) return { shown, version, steady, drawn: true };
    // Only the counts moved, and the image was drawn less than 10 minutes ago: it stays.
    const recent = row && this.deps.clock.now().getTime() - new Date(row.drawn_at).getTime() < VOTE_REDRAW_MS;
    if (row && row.steady === steady && recent && votesOf(shown.view).length > 0) return { shown, version: row.version, steady, drawn: true };
    return { shown, version, steady, drawn: false };
  }

  /**
   * A cover's bytes through the storage backend: the 640×360 rendition drawn at upload when it is
   * in the thumbnail cache (a quarter of the original's pixels to decode), else the original.
   */
  private async coverBytes(coverUrl: string | null): Promise<Buffer | undefined> {
    const ref = await coverRef(this.deps.db, coverUrl);
    if (!ref) return undefined;
    const rendition = variantName({ version: ref.version, metadata: ref.metadata }, { ...PAGE_OPTIONS, size: COVER_SOURCE });
    const cached = await this.deps.storage.readDerived(ref, rendition).catch(() => undefined);
    return cached ?? (await this.deps.storage.withLocalFile(ref, (path) => readFile(path)));
  }

  /** Draws one version once (concurrent misses share it) through the bounded queue, and keeps it. */
  private draw(subject: Subject, current: Current): Promise<Buffer> {
    const id = `${subject.kind}\u0000${subject.key}\u0000${current.version}`;
    let pending = this.inflight.get(id);
    if (!pending) {
      pending = this.queue
        .run(async () => {
          const view = current.shown.view;
          let cover: Buffer | undefined;
          if (view.kind === 'project') {
            cover = await this.coverBytes(current.shown.coverUrl ?? null);
          }
          const before = process.cpuUsage();
          const png = await drawPreview(view.kind === 'project' ? { ...view, cover } : view);
          const used = process.cpuUsage(before);
          this.cpuSamples.push((used.user + used.system) / 1000);
          if (this.cpuSamples.length > 50) this.cpuSamples.shift();
          return png;
        })
        .then(async (png) => {
          await this.deps.db.query(
            `insert into platform.preview_images (kind, subject, version, steady, shows, png, drawn_at) values ($1, $2, $3, $4, $5, $6, $7)
             on conflict (kind, subject) do update set version = excluded.version, steady = excluded.steady, shows = excluded.shows, png = excluded.png, drawn_at = excluded.drawn_at`,
            [subject.kind, subject.key, current.version, current.steady, JSON.stringify({ view: current.shown.view, coverUrl: current.shown.coverUrl ?? null }), png, this.deps.clock.now()],
          );
          return png;
        })
        .finally(() => this.inflight.delete(id));
      this.inflight.set(id, pending);
    }
    return pending;
  }
}

interface StoredRow {
  version: string;
  steady: string;
  drawn_at: Date | string;
}
