import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database.ts';
import { openPostgres } from '../../../server/db/postgres.ts';
import type { Cluster, ClusterState } from '../../../server/realtime/cluster.ts';
import { cloneTemplate, cloneUrl, secondConnection } from '../../support/databases.ts';
import { startTestServer, type TestServer } from '../../support/server.ts';
import { TcpProxy } from '../../support/tcp-proxy.ts';
import { closeClients, Inbox, realtimeClient, subscribed } from './support.ts';

/**
 * Two instances on one Postgres database; A reaches it through a TCP proxy the test cuts, as a
 * short restart or a failover does. A broadcast sent on A while its database connection is gone
 * still reaches subscribers on B once the database is back, exactly once and in order (reliability
 * F5: before, the batch was dropped with a log line); and what B sent while A was not listening
 * reaches A's subscribers once A listens again. The retry window is set long here, so only
 * the order of events matters, never how fast the machine is.
 */
let clone: Database;
let proxy: TcpProxy;
let a: TestServer;
let b: TestServer;
/** Set by a test: the next NOTIFY of A reaches Postgres but its answer is "lost". */
let loseNextNotifyAnswer = false;

beforeAll(async () => {
  clone = await cloneTemplate();
  const direct = new URL(cloneUrl(clone));
  proxy = await TcpProxy.start({ host: direct.hostname, port: Number(direct.port || 5432) });
  const viaProxy = new URL(direct);
  viaProxy.port = String(proxy.port);
  const db = await openPostgres(viaProxy.toString(), { poolSize: 4, acquireTimeoutMs: 10_000, queryTimeoutMs: 10_000 });
  const faulty: Database = {
    ...db,
    async query(sql, params) {
      if (loseNextNotifyAnswer && sql.includes('pg_notify')) {
        loseNextNotifyAnswer = false;
        await db.query(sql, params);
        throw new Error('Connection terminated unexpectedly');
      }
      return db.query(sql, params);
    },
  };
  a = await startTestServer({ REALTIME_CLUSTER_RETRY_SECONDS: '600' }, { db: faulty });
  b = await startTestServer({}, { db: await secondConnection(clone) });
}, 120_000);
afterEach(closeClients);
afterAll(async () => {
  proxy?.restore();
  await b?.close();
  await a?.close();
  await proxy?.close();
  await clone?.close();
});

/** Resolves once the cluster's state matches (checked now and after every change). */
function until(cluster: Cluster, match: (s: ClusterState) => boolean, what: string): Promise<ClusterState> {
  return new Promise((resolve, reject) => {
    const now = cluster.state();
    if (match(now)) return resolve(now);
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`timed out waiting for ${what}: ${JSON.stringify(cluster.state())}`));
    }, 60_000);
    const stop = cluster.watch((s) => {
      if (!match(s)) return;
      clearTimeout(timer);
      stop();
      resolve(s);
    });
  });
}

async function broadcastsOn(server: TestServer, topic: string) {
  const channel = realtimeClient(server, { vsn: '2.0.0' }).channel(topic, { config: { broadcast: { ack: true } } });
  const inbox = new Inbox<{ event: string; payload: Record<string, unknown> }>();
  channel.on('broadcast', { event: '*' }, inbox.push as never);
  await subscribed(channel);
  return { channel, inbox };
}

const send = (sender: Awaited<ReturnType<typeof broadcastsOn>>, event: string) => sender.channel.send({ type: 'broadcast', event, payload: { event } });

describe('broadcasts between instances when the database connection drops', () => {
  it('sends a broadcast made while the connection was cut once it is back, exactly once and in order, and listens again', async () => {
    const cluster = a.ctx.realtime.cluster!;
    const topic = `room-${randomUUID()}`;
    const senderOnA = await broadcastsOn(a, topic);
    const onA = await broadcastsOn(a, topic);
    const senderOnB = await broadcastsOn(b, topic);
    const onB = await broadcastsOn(b, topic);
    expect(await send(senderOnA, 'before')).toBe('ok');
    await onB.inbox.next((m) => m.event === 'before', 'the first broadcast on B');
    const { failedAttempts, relistened } = cluster.state();

    proxy.cut();
    expect(await send(senderOnA, 'during')).toBe('ok');
    // A's subscribers have it at once; the NOTIFY for B failed and waits for a retry.
    await onA.inbox.next((m) => m.event === 'during');
    await until(cluster, (s) => s.failedAttempts > failedAttempts && s.waiting > 0, 'the failed batch to wait for a retry');
    proxy.restore();

    await onB.inbox.next((m) => m.event === 'during', 'the retried broadcast on B');
    expect(await send(senderOnA, 'after')).toBe('ok');
    await onB.inbox.next((m) => m.event === 'after', 'the broadcast after on B');
    // A's later NOTIFY arrives after any copy of the earlier one would have.
    expect(onB.inbox.received.map((m) => m.event)).toEqual(['before', 'during', 'after']);
    expect(cluster.state()).toMatchObject({ failing: false, dropped: 0 });

    // A's LISTEN connection was cut too: once it is back, A hears B again.
    await until(cluster, (s) => s.relistened > relistened, "A's LISTEN to come back");
    expect(await send(senderOnB, 'from b')).toBe('ok');
    await onA.inbox.next((m) => m.event === 'from b', "B's broadcast on A");
    expect(onA.inbox.received.map((m) => m.event)).toEqual(['before', 'during', 'after', 'from b']);
  }, 120_000);

  it("delivers to an instance whose LISTEN was down what another instance sent meanwhile, once each", async () => {
    const topic = `room-${randomUUID()}`;
    const onA = await broadcastsOn(a, topic);
    const senderOnB = await broadcastsOn(b, topic);
    const clusterA = a.ctx.realtime.cluster!;
    const clusterB = b.ctx.realtime.cluster!;
    expect(await send(senderOnB, 'before')).toBe('ok');
    await onA.inbox.next((m) => m.event === 'before', "B's first broadcast on A");
    const { relistened } = clusterA.state();

    // A is cut off; B's NOTIFY goes through, but A is not listening: before, A never had it.
    proxy.cut();
    const { sent } = clusterB.state();
    expect(await send(senderOnB, 'missed')).toBe('ok');
    await until(clusterB, (s) => s.sent > sent, "B's NOTIFY of the missed broadcast");
    proxy.restore();
    await until(clusterA, (s) => s.relistened > relistened, "A's LISTEN to come back");
    expect(await send(senderOnB, 'later')).toBe('ok');

    await onA.inbox.next((m) => m.event === 'missed', 'the missed broadcast on A, sent again by B');
    await onA.inbox.next((m) => m.event === 'later', 'the later broadcast on A');
    // Each exactly once (the one missed may come after the later one: it is late).
    expect([...onA.inbox.received.map((m) => m.event)].sort()).toEqual(['before', 'later', 'missed']);
  }, 120_000);

  it('delivers a batch once when it reached the database but its answer was lost', async () => {
    const cluster = a.ctx.realtime.cluster!;
    const topic = `room-${randomUUID()}`;
    const senderOnA = await broadcastsOn(a, topic);
    const onB = await broadcastsOn(b, topic);
    const { failedAttempts, sent } = cluster.state();
    loseNextNotifyAnswer = true;
    expect(await send(senderOnA, 'once')).toBe('ok');
    // The NOTIFY went out and reports failure; the batch is sent again.
    await until(cluster, (s) => s.failedAttempts > failedAttempts && s.sent > sent && !s.failing, 'the batch to be sent again');
    expect(await send(senderOnA, 'next')).toBe('ok');
    await onB.inbox.next((m) => m.event === 'next', 'the next broadcast on B');
    expect(onB.inbox.received.map((m) => m.event)).toEqual(['once', 'next']);
  }, 120_000);
});
