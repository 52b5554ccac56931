import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../../support/server.ts';
import { serviceProject } from '../schema-fixtures.ts';
import { closeClients, realtimeClient, subscribed } from './support.ts';

/**
 * What presence a client can make the server hold and send to everyone on a topic: nothing on a
 * page's viewers topic, a bounded presence elsewhere, a bounded total per client network, given
 * back when it leaves (decision 192).
 */
const PER_PRESENCE = 1024;
const PER_NETWORK = 3000;
let server: TestServer;
let maker: TestUser;

beforeAll(async () => {
  server = await startTestServer({ REALTIME_MAX_PRESENCE_BYTES: String(PER_PRESENCE), REALTIME_MAX_PRESENCE_BYTES_PER_IP: String(PER_NETWORK) });
  maker = await server.createUser();
  await server.service().from('creators').insert({ id: maker.id, name: 'Maker' });
});
afterEach(async () => {
  await closeClients();
  // Whatever a test tracked is given back once its sockets are gone.
  await expect.poll(() => server.ctx.realtime.stats().presenceBytes).toBe(0);
});
afterAll(() => server?.close());

async function join(client: SupabaseClient, topic: string, isPrivate: boolean) {
  const channel = client.channel(topic, { config: { private: isPrivate } });
  channel.on('presence', { event: 'sync' }, () => undefined);
  await subscribed(channel);
  return channel;
}

const metasOf = (state: Record<string, Array<Record<string, unknown>>>) => Object.values(state).flat();

describe('presence with a budget', () => {
  it('keeps and sends nothing a visitor puts in their presence on a project page, only counts them', async () => {
    const project = await serviceProject(server, maker.id);
    const watcher = await join(realtimeClient(server, { vsn: '2.0.0', token: maker.token }), `viewers:${project}`, true);
    const loud = await join(realtimeClient(server, { vsn: '2.0.0' }), `viewers:${project}`, true);
    expect(await loud.track({ banner: 'x'.repeat(900) })).toBe('ok');
    await expect.poll(() => metasOf(watcher.presenceState()).length).toBe(1);
    expect(JSON.stringify(watcher.presenceState())).not.toContain('banner');
    expect(server.ctx.realtime.stats().presenceBytes).toBeLessThan(10);
  });

  it("refuses presence on a viewers topic that is not a launched project's page", async () => {
    const pending = await serviceProject(server, maker.id, { status: 'pending' });
    for (const topic of [`viewers:${randomUUID()}`, `viewers:${pending}`, 'viewers:anything-at-all']) {
      const channel = await join(realtimeClient(server, { vsn: '2.0.0' }), topic, true);
      expect(await channel.track({}), topic).toBe('error');
    }
    expect(server.ctx.realtime.stats().presenceBytes).toBe(0);
  });

  it('refuses a presence larger than the limit, and takes one within it', async () => {
    const room = await join(realtimeClient(server, { vsn: '2.0.0' }), `room-${randomUUID()}`, false);
    expect(await room.track({ note: 'x'.repeat(PER_PRESENCE + 1) })).toBe('error');
    expect(await room.track({ note: 'x'.repeat(PER_PRESENCE - 20) })).toBe('ok');
  });

  it("bounds what one network's sockets hold together, and gives it back when they untrack or close", async () => {
    const topic = `room-${randomUUID()}`;
    const rooms = [];
    for (let i = 0; i < 4; i++) rooms.push(await join(realtimeClient(server, { vsn: '2.0.0' }), topic, false));
    const nearlyFull = { note: 'x'.repeat(900) };
    expect(await rooms[0]!.track(nearlyFull)).toBe('ok');
    expect(await rooms[1]!.track(nearlyFull)).toBe('ok');
    expect(await rooms[2]!.track(nearlyFull)).toBe('ok');
    // Past the network's budget: the fourth socket from the same address is refused.
    expect(await rooms[3]!.track(nearlyFull)).toBe('error');
    // One leaving makes room.
    expect(await rooms[0]!.untrack()).toBe('ok');
    expect(await rooms[3]!.track(nearlyFull)).toBe('ok');
    // Tracking again replaces what a channel held; it is not counted twice.
    expect(await rooms[3]!.track({ note: 'y'.repeat(900) })).toBe('ok');
  });
});
