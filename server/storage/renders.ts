import type { Config } from '../config.ts';
import type { StorageBackend } from './backend.ts';
import { LruDerivedCache } from './derived-cache.ts';
import { RenderQueue } from './render-queue.ts';

/** Two encoders at once: sharp work is CPU-heavy and these machines have two cores. */
const RENDER_SLOTS = 2;

/** A server's renderer: its queue, its rendition cache, and the renders under way (each done once). */
export class Renders {
  readonly queue: RenderQueue;
  readonly cache: LruDerivedCache;
  private readonly inflight = new Map<string, Promise<Buffer>>();

  constructor(config: Pick<Config, 'RENDER_QUEUE_SIZE' | 'STORAGE_DERIVED_CACHE_BYTES'>, backend: StorageBackend) {
    this.queue = new RenderQueue(RENDER_SLOTS, config.RENDER_QUEUE_SIZE);
    this.cache = new LruDerivedCache(backend, config.STORAGE_DERIVED_CACHE_BYTES);
  }

  /** The one render of this rendition under way, or a new one. */
  once(id: string, render: () => Promise<Buffer>): Promise<Buffer> {
    let pending = this.inflight.get(id);
    if (!pending) {
      pending = render().finally(() => this.inflight.delete(id));
      this.inflight.set(id, pending);
    }
    return pending;
  }
}
