/** Too many renders are already waiting: the caller answers 503 with Retry-After. */
export class RenderQueueFull extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('The image renderer is busy');
  }
}

/**
 * At most `slots` images are encoded at once (sharp work is CPU-heavy and these machines are
 * small) and at most `maxWaiting` wait for a slot; beyond that work is refused at once rather than
 * queued without bound (finding M5), so a flood of renders cannot make every thumbnail wait.
 */
export class RenderQueue {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    private readonly slots: number,
    private readonly maxWaiting: number,
  ) {}

  /** Runs fn in a slot, waiting for one if allowed; throws RenderQueueFull otherwise. */
  async run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.running >= this.slots) {
      if (this.waiting.length >= this.maxWaiting) throw new RenderQueueFull(5);
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    this.running++;
    try {
      return await fn();
    } finally {
      this.running--;
      this.waiting.shift()?.();
    }
  }

  /** Whether run() would start or queue fn now (for optional work, such as rendering ahead). */
  get hasRoom(): boolean {
    return this.running < this.slots || this.waiting.length < this.maxWaiting;
  }
}
