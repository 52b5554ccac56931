import type { StorageBackend } from './backend.ts';

/** How long one answer about the object store holds: /readyz is polled often, S3 bills requests. */
const CACHE_MS = 5000;

/**
 * Whether the object store answers, for /readyz: one HEAD of the bucket at most every few seconds,
 * shared by every caller meanwhile, and never waiting longer than `timeoutMs` (a hung store is
 * "unreachable", not a readiness probe that hangs with it).
 */
export class StorageReachability {
  private last: { at: number; state: 'ok' | 'unreachable' } | undefined;
  private inflight: Promise<'ok' | 'unreachable'> | undefined;

  constructor(
    private readonly backend: Pick<StorageBackend, 'checkReachable'>,
    private readonly timeoutMs: number,
    private readonly onUnreachable: (err: unknown) => void = () => undefined,
  ) {}

  /** undefined: the store is local (disk), nothing to reach. */
  async state(): Promise<'ok' | 'unreachable' | undefined> {
    if (!this.backend.checkReachable) return undefined;
    if (this.last && Date.now() - this.last.at < CACHE_MS) return this.last.state;
    this.inflight ??= this.probe().finally(() => (this.inflight = undefined));
    return this.inflight;
  }

  private async probe(): Promise<'ok' | 'unreachable'> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${this.timeoutMs} ms`)), this.timeoutMs);
    });
    let state: 'ok' | 'unreachable';
    try {
      await Promise.race([this.backend.checkReachable!(), timeout]);
      state = 'ok';
    } catch (err) {
      this.onUnreachable(err);
      state = 'unreachable';
    } finally {
      clearTimeout(timer);
    }
    this.last = { at: Date.now(), state };
    return state;
  }
}
