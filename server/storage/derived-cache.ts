import type { DerivedEntry, ObjectRef, StorageBackend } from './backend.ts';


/**
 * Where renditions (thumbnails) live: the storage backend, beside the object (on disk under
 * DATA_DIR/storage/.derived, in S3 under .derived/). A backend also drops an object's renditions
 * whenever the object is overwritten or deleted.
 */
export type DerivedStore = Pick<StorageBackend, 'readDerived' | 'writeDerived' | 'removeDerived' | 'touchDerived' | 'listDerived'>;

/**
 * The rendition cache with a size cap (STORAGE_DERIVED_CACHE_BYTES): past it, the least recently
 * used renditions are removed (finding M5: every distinct request used to add a file forever).
 * The index lives in memory, rebuilt from the store at first use. Renditions a backend drops
 * with their object leave stale index entries behind; they are found missing when read, or
 * evicted first (being old), so the count corrects itself.
 */
export class LruDerivedCache {
  private readonly index = new Map<string, DerivedEntry>();
  private total = 0;
  private loading?: Promise<void>;

  constructor(
    private readonly store: DerivedStore,
    private readonly capBytes: number,
  ) {}

  /** Bytes the index counts (tests, and the operator's curiosity). */
  get size(): number {
    return this.total;
  }

  async get(ref: ObjectRef, variant: string): Promise<Buffer | undefined> {
    await this.load();
    const id = entryId(ref, variant);
    const bytes = await this.store.readDerived(ref, variant);
    if (!bytes) {
      this.forget(id);
      return undefined;
    }
    const entry = this.index.get(id) ?? { ref, variant, bytes: bytes.length, usedAt: 0 };
    this.forget(id);
    this.remember(id, { ...entry, usedAt: Date.now() });
    void this.store.touchDerived(ref, variant).catch(() => undefined);
    return bytes;
  }

  async put(ref: ObjectRef, variant: string, bytes: Buffer): Promise<void> {
    await this.load();
    await this.store.writeDerived(ref, variant, bytes);
    const id = entryId(ref, variant);
    this.forget(id);
    this.remember(id, { ref, variant, bytes: bytes.length, usedAt: Date.now() });
    await this.evict(id);
  }

  private load(): Promise<void> {
    this.loading ??= this.store.listDerived().then((entries) => {
      for (const e of entries.sort((a, b) => a.usedAt - b.usedAt)) {
        const id = entryId(e.ref, e.variant);
        if (!this.index.has(id)) this.remember(id, e);
      }
    });
    return this.loading;
  }

  /** Oldest first (a Map keeps insertion order; every use re-inserts), never the one just written. */
  private async evict(keep: string): Promise<void> {
    for (const [id, e] of this.index) {
      if (this.total <= this.capBytes) return;
      if (id === keep) continue;
      this.forget(id);
      await this.store.removeDerived(e.ref, e.variant);
    }
  }

  private remember(id: string, e: DerivedEntry): void {
    this.index.set(id, e);
    this.total += e.bytes;
  }

  private forget(id: string): void {
    const e = this.index.get(id);
    if (!e) return;
    this.index.delete(id);
    this.total -= e.bytes;
  }
}

const entryId = (ref: ObjectRef, variant: string) => `${ref.bucket}\u0000${ref.key}\u0000${ref.version ?? ''}\u0000${variant}`;
