/** One deadline shared by several reads: each race ends with undefined once it has passed. */
export class Deadline {
  private timer?: NodeJS.Timeout;
  private readonly expired: Promise<undefined>;

  constructor(ms: number) {
    this.expired = Number.isFinite(ms)
      ? new Promise((resolve) => {
          this.timer = setTimeout(() => resolve(undefined), ms);
        })
      : new Promise(() => undefined);
  }

  /** The work's result, or undefined past the deadline (or when it failed); the work goes on unobserved. */
  race<T>(work: Promise<T>): Promise<T | undefined> {
    return Promise.race([work.catch(() => undefined), this.expired]);
  }

  clear(): void {
    clearTimeout(this.timer);
  }
}
