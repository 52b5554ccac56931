import type { Hub } from './hub.ts';

/** Private topics whose presences the server counts ("viewing now" on a project page). */
export const VIEWERS_TOPIC_PREFIX = 'private:viewers:';
/** The broadcast event carrying the count; clients cannot send it (no write policy on the topic). */
export const VIEWING_EVENT = 'viewing';
/** Counts are sent at most this often per topic, so a crowd arriving costs one message each, not one per arrival. */
const COALESCE_MS = 100;

/**
 * How many are viewing a page, counted by the server: the distinct viewers (viewerOf) among the
 * presences tracked on its viewers topic, on every instance (each instance counts from the presence state it shares with the others and
 * tells its own sockets). What a client puts in its presence is never read.
 */
export class ViewerCounts {
  private readonly due = new Map<string, NodeJS.Timeout>();

  constructor(private readonly hub: Hub) {
    hub.onPresenceChange = (topicKey) => this.changed(topicKey);
  }

  private changed(topicKey: string): void {
    if (!topicKey.startsWith(VIEWERS_TOPIC_PREFIX) || this.due.has(topicKey)) return;
    const timer = setTimeout(() => {
      this.due.delete(topicKey);
      const count = this.hub.viewerCount(topicKey);
      this.hub.deliver(topicKey, { event: VIEWING_EVENT, json: JSON.stringify({ count }), framed: false });
    }, COALESCE_MS);
    timer.unref();
    this.due.set(topicKey, timer);
  }

  close(): void {
    for (const timer of this.due.values()) clearTimeout(timer);
    this.due.clear();
  }
}

