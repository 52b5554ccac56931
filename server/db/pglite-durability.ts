import { open, readdir, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';

/** WAL segment files are named by 24 hex digits (timeline, log, segment). */
const SEGMENT = /^[0-9A-F]{24}$/;

/**
 * Makes PGlite's committed transactions survive a power cut. PGlite runs Postgres with fsync off
 * and its Node file layer has no fsync, so a commit reaches the OS page cache and no further.
 * After a write commits, the server asks for a flush before it answers: the WAL segments are
 * fdatasync'ed from Node, off the main thread. Requests that ask while a flush is running
 * share the next one (group commit), so under load one fdatasync covers many writes.
 * Decision 112 has the measured cost.
 */
export class WalFlusher {
  private running: Promise<void> | undefined;
  private next: Promise<void> | undefined;
  private readonly handles = new Map<string, FileHandle>();
  /** How many fdatasync rounds ran (for the benchmark and tests). */
  flushes = 0;

  constructor(private readonly walDir: string) {}

  /** Resolves once every write committed before the call is on stable storage. */
  flush(): Promise<void> {
    // A flush already running may have started before our commit: wait for the one after it.
    if (this.running) {
      this.next ??= this.running.then(() => {
        this.next = undefined;
        return this.start();
      });
      return this.next;
    }
    return this.start();
  }

  private start(): Promise<void> {
    const run = this.syncSegments().finally(() => {
      if (this.running === run) this.running = undefined;
    });
    this.running = run;
    return run;
  }

  private async syncSegments(): Promise<void> {
    this.flushes++;
    // Every segment: the one being written cannot be told by its name (Postgres renames used
    // segments ahead to recycle them), and syncing a clean file costs next to nothing.
    const names = (await readdir(this.walDir)).filter((n) => SEGMENT.test(n));
    for (const [name, handle] of this.handles) {
      if (!names.includes(name)) {
        this.handles.delete(name);
        await handle.close().catch(() => undefined);
      }
    }
    await Promise.all(
      names.map(async (name) => {
        let handle = this.handles.get(name);
        if (!handle) {
          handle = await open(join(this.walDir, name), 'r+');
          this.handles.set(name, handle);
        }
        await handle.datasync();
      }),
    );
  }

  async close(): Promise<void> {
    await this.running?.catch(() => undefined);
    for (const handle of this.handles.values()) await handle.close().catch(() => undefined);
    this.handles.clear();
  }
}

/**
 * fsyncs every file and directory of a data directory: after a CHECKPOINT, so the pages it wrote
 * (and pg_control, which says where recovery starts) are on stable storage before Postgres reuses
 * the WAL that could have rebuilt them.
 */
export async function syncDirectory(dir: string): Promise<number> {
  let synced = 0;
  const entries = await readdir(dir, { withFileTypes: true });
  for (const e of entries) {
    const path = join(dir, e.name);
    if (e.isDirectory()) synced += await syncDirectory(path);
    else if (e.isFile()) {
      const handle = await open(path, 'r+');
      try {
        await handle.datasync();
        synced++;
      } finally {
        await handle.close();
      }
    }
  }
  // The directory itself: new and renamed entries (recycled WAL segments) are in it.
  const self = await open(dir, 'r');
  try {
    await self.sync();
  } finally {
    await self.close();
  }
  return synced;
}
