import { statfs } from 'node:fs/promises';
import type { Logger } from './log.ts';

const MB = 1024 * 1024;

/**
 * Watches the free space of the disk holding DATA_DIR and says when writes must stop: PGlite
 * spins for good inside its synchronous WebAssembly once it cannot create a WAL segment (16 MB),
 * so writes are refused while less than the reserve is left, well before that, and allowed again
 * by themselves once space returns. Reads go on either way. The space is looked at once a second
 * (a write between two looks uses little of the reserve), and afresh before each upload.
 */
export class DiskGuard {
  private free: number | undefined;
  private timer: NodeJS.Timeout | undefined;
  private lowNow = false;

  constructor(
    private readonly dir: string,
    readonly reserveBytes: number,
    private readonly logger: Logger,
  ) {}

  /** True while the free space is under the reserve. */
  get low(): boolean {
    return this.lowNow;
  }

  /** Free bytes at the last look (undefined before the first). */
  get freeBytes(): number | undefined {
    return this.free;
  }

  async start(everyMs = 1000): Promise<void> {
    await this.check();
    this.timer = setInterval(() => void this.check(), everyMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  /** Looks at the free space now. */
  async check(): Promise<number | undefined> {
    if (this.reserveBytes <= 0) return undefined;
    try {
      const s = await statfs(this.dir);
      this.free = s.bavail * s.bsize;
    } catch (err) {
      this.logger.errorThrottled('disk-statfs', `disk guard: cannot read the free space of ${this.dir}`, { err });
      return undefined;
    }
    const low = this.free < this.reserveBytes;
    if (low !== this.lowNow) {
      this.lowNow = low;
      const detail = { freeMb: Math.round(this.free / MB), reserveMb: Math.round(this.reserveBytes / MB), dir: this.dir };
      if (low) this.logger.error('disk almost full: writes are refused (507) until space is freed', detail);
      else this.logger.info('disk space is back: writes are accepted again', detail);
    }
    return this.free;
  }

  /** Whether `bytes` more can be written now without going under the reserve (looks afresh). */
  async admits(bytes: number): Promise<boolean> {
    const free = await this.check();
    return free === undefined || free - bytes >= this.reserveBytes;
  }
}
