import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database.ts';
import { Cluster, type ClusterMessage, type ClusterPeer, type ClusterState, type RemotePresence } from '../../../server/realtime/cluster.ts';
import { cloneTemplate } from '../../support/databases.ts';

/**
 * Two instances' clusters on one database (decision 214 addendum). Instance A goes deaf for a
 * moment, as a LISTEN connection that broke does, while B's NOTIFYs go through: the batch A missed
 * shows as a gap in B's numbers when B's next one arrives, A asks B for it, and B sends it again.
 * Its broadcast is delivered late, once; its presence is not replayed out of order: A hears B's
 * presence again in full instead. The database and NOTIFY are real; only A's ears are switched off.
 */
let db: Database;
let deaf = false;
/** What reached A's deaf ears: the NOTIFY payloads A did not hear. */
const missed: string[] = [];

/** The database as instance A sees it: while `deaf`, notifications do not reach it. */
function withEars(inner: Database): Database {
  return new Proxy(inner, {
    get(target, prop) {
      if (prop === 'listen') {
        return (channel: string, onNotify: (payload: string) => void, onReconnect?: () => void) =>
          target.listen(
            channel,
            (payload) => {
              if (deaf) missed.push(payload);
              else onNotify(payload);
            },
            onReconnect,
          );
      }
      const value = Reflect.get(target, prop) as unknown;
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

class RecordingPeer implements ClusterPeer {
  readonly heard: ClusterMessage[] = [];
  private waiters: Array<{ match: (m: ClusterMessage) => boolean; resolve: () => void }> = [];
  constructor(private readonly presence: RemotePresence[] = []) {}
  receive(_from: string, message: ClusterMessage): void {
    this.heard.push(message);
    this.waiters = this.waiters.filter((w) => (w.match(message) ? (w.resolve(), false) : true));
  }
  lost(): void {}
  localPresence(): RemotePresence[] {
    return this.presence;
  }
  /** Resolves once a message matching `match` has been received (from the `since`th on, now or later). */
  until(match: (m: ClusterMessage) => boolean, since = 0): Promise<void> {
    if (this.heard.slice(since).some(match)) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ match, resolve }));
  }
  broadcasts(): string[] {
    return this.heard.flatMap((m) => (m.k === 'broadcast' ? [m.e] : []));
  }
}

function stateOf(cluster: Cluster, match: (s: ClusterState) => boolean): Promise<ClusterState> {
  return new Promise((resolve) => {
    if (match(cluster.state())) return resolve(cluster.state());
    const stop = cluster.watch((s) => {
      if (match(s)) {
        stop();
        resolve(s);
      }
    });
  });
}

const broadcast = (event: string): ClusterMessage => ({ k: 'broadcast', t: 'room', e: event, j: JSON.stringify({ event }), f: false });
const isBroadcast = (event: string) => (m: ClusterMessage) => m.k === 'broadcast' && m.e === event;
const B_PRESENCE: RemotePresence = { t: 'room', key: 'b-user', meta: { phx_ref: 'b-ref-1', name: 'on B' } };

/**
 * Instances A (on `dbOfA`) and B, started and done greeting. B listens first, so it hears A's hello
 * and answers with its presence; waiting for that answer ends the greetings. Otherwise B's answer
 * could be the batch A misses, or come after the one A misses and reveal the gap early (both seen
 * on a busy machine).
 */
async function greeted(dbOfA: Database) {
  const peerA = new RecordingPeer();
  const a = new Cluster(dbOfA, peerA, () => undefined);
  const b = new Cluster(db, new RecordingPeer([B_PRESENCE]), () => undefined);
  await b.start();
  await a.start();
  await peerA.until((m) => m.k === 'state' && m.entries.some((e) => e.key === 'b-user'));
  await stateOf(b, (s) => s.waiting === 0);
  return { a, b, peerA };
}

beforeAll(async () => {
  db = await cloneTemplate();
});
afterAll(() => db?.close());

describe('instances catching up on what they missed', () => {
  it('a batch missed while deaf arrives late, once, with its broadcast; presence comes again in full', async () => {
    const { a, b, peerA } = await greeted(withEars(db));
    try {
      b.publish(broadcast('one'));
      await peerA.until(isBroadcast('one'));

      deaf = true;
      b.publish(broadcast('two'));
      // The NOTIFY carrying 'two' was delivered, to deaf ears.
      await new Promise<void>((resolve) => {
        const check = () => (missed.some((payload) => payload.includes('"e":"two"')) ? resolve() : setImmediate(check));
        check();
      });
      deaf = false;
      const heardBefore = peerA.heard.length;

      b.publish(broadcast('three'));
      await peerA.until(isBroadcast('three'));
      await peerA.until(isBroadcast('two'));
      // 'three' showed the gap; 'two' came after it, sent again.
      expect(peerA.broadcasts()).toEqual(['one', 'three', 'two']);
      expect(a.state()).toMatchObject({ missedBatches: 1, recoveredBatches: 1 });
      // The gap made A say hello: B sends its presence again in full.
      await peerA.until((m) => m.k === 'state' && m.entries.some((e) => e.key === 'b-user'), heardBefore);

      // Nothing twice: a later broadcast comes once, and 'two' stays delivered once.
      b.publish(broadcast('four'));
      await peerA.until(isBroadcast('four'));
      expect(peerA.broadcasts()).toEqual(['one', 'three', 'two', 'four']);
    } finally {
      await a.close();
      await b.close();
    }
  });
  it('sends a message published the moment the last send ended at once, not with the next heartbeat', async () => {
    const { a, b, peerA } = await greeted(db);
    try {
      const { sent } = b.state();
      b.publish(broadcast('first'));
      // This continues as soon as the send is counted, before the sending loop has wound up.
      await stateOf(b, (s) => s.sent > sent && s.waiting === 0);
      b.publish(broadcast('second'));
      await peerA.until(isBroadcast('second'));
      // Left waiting, it would have gone out with B's next "alive", ten seconds on, in one batch.
      expect(peerA.heard.at(-1)).toEqual(broadcast('second'));
      expect(peerA.heard.some((m) => m.k === 'alive')).toBe(false);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
