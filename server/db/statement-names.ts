/**
 * Names for prepared statements on one connection, least recently used evicted first, so a
 * client sending ever new query shapes cannot grow the server's plan cache without bound.
 */
export class StatementNames {
  private readonly names = new Map<string, string>();
  private counter = 0;

  constructor(
    private readonly prefix: string,
    private readonly capacity = 200,
  ) {}

  /** The statement's name, whether it is new (must be parsed), and a name to close first, if any. */
  use(text: string): { name: string; isNew: boolean; evicted?: string } {
    const known = this.names.get(text);
    if (known !== undefined) {
      // Re-inserting moves it to the back: Map keeps insertion order, so the front is the oldest.
      this.names.delete(text);
      this.names.set(text, known);
      return { name: known, isNew: false };
    }
    let evicted: string | undefined;
    if (this.names.size >= this.capacity) {
      const [oldestText, oldestName] = this.names.entries().next().value!;
      this.names.delete(oldestText);
      evicted = oldestName;
    }
    const name = `${this.prefix}${++this.counter}`;
    this.names.set(text, name);
    return { name, isNew: true, evicted };
  }

  /** Forgets a statement whose preparation may not have happened (its pipeline failed). */
  forget(name: string): void {
    for (const [text, n] of this.names) {
      if (n === name) {
        this.names.delete(text);
        return;
      }
    }
  }

  get size(): number {
    return this.names.size;
  }
}
