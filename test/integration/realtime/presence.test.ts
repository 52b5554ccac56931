import { randomUUID } from 'node:crypto';
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../../support/server.ts';
import { closeClients, Inbox, ownerSql, realtimeClient, subscribed, VSNS, type Vsn } from './support.ts';

interface PresenceEvent {
  event: 'sync' | 'join' | 'leave';
  key?: string;
  newPresences?: Record<string, unknown>[];
  leftPresences?: Record<string, unknown>[];
}

let server: TestServer;
let member: TestUser;
let viewer: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  member = await server.createUser();
  viewer = await server.createUser();
  await ownerSql(
    server,
    `create policy rt_presence_read on realtime.messages for select to authenticated
       using (realtime.topic() = 'lobby' and extension in ('broadcast', 'presence'));
     create policy rt_presence_write on realtime.messages for insert to authenticated
       with check (realtime.topic() = 'lobby' and extension = 'presence' and (select auth.uid()) = '${member.id}');`,
  );
});
afterEach(closeClients);
afterAll(() => server?.close());

async function join(client: SupabaseClient, topic: string, key: string, isPrivate = false) {
  const channel = client.channel(topic, { config: { presence: { key }, private: isPrivate } });
  const events = new Inbox<PresenceEvent>();
  channel.on('presence', { event: '*' }, events.push as never);
  await subscribed(channel);
  return { channel, events };
}

/** The channel's presence state, by key, with the fields its clients tracked. */
function stateOf(channel: RealtimeChannel): Record<string, Record<string, unknown>[]> {
  const state = channel.presenceState() as Record<string, { presence_ref: string; [k: string]: unknown }[]>;
  return Object.fromEntries(Object.entries(state).map(([key, list]) => [key, list.map(({ presence_ref: _ref, ...rest }) => rest)]));
}

describe.each(VSNS)('presence between vsn %s and both versions', (vsn: Vsn) => {
  it('syncs state, and announces joins, updates and leaves (untrack and disconnect) to everyone on the topic', async () => {
    const topic = `presence-${randomUUID()}`;
    const ada = await join(realtimeClient(server, { vsn }), topic, 'ada');
    expect(await ada.channel.track({ status: 'online' })).toBe('ok');
    await ada.events.next((e) => e.event === 'join' && e.key === 'ada');

    const bobClient = realtimeClient(server, { vsn: vsn === '1.0.0' ? '2.0.0' : '1.0.0' });
    const bob = await join(bobClient, topic, 'bob');
    // presence_state on joining: Bob sees Ada at once.
    await bob.events.next((e) => e.event === 'join' && e.key === 'ada');
    expect(stateOf(bob.channel)).toEqual({ ada: [{ status: 'online' }] });

    expect(await bob.channel.track({ status: 'typing' })).toBe('ok');
    await ada.events.next((e) => e.event === 'join' && e.key === 'bob');
    expect(stateOf(ada.channel)).toEqual({ ada: [{ status: 'online' }], bob: [{ status: 'typing' }] });

    // Tracking again replaces the payload: a join of the new, a leave of the old. (realtime-js's own
    // state keeps a stale copy after such an update, so a fresh observer shows the server's state.)
    expect(await bob.channel.track({ status: 'idle' })).toBe('ok');
    expect((await ada.events.next((e) => e.event === 'join' && e.key === 'bob' && e.newPresences?.[0]?.status === 'idle')).newPresences).toHaveLength(1);
    await ada.events.next((e) => e.event === 'leave' && e.key === 'bob' && e.leftPresences?.[0]?.status === 'typing');
    const carl = await join(realtimeClient(server, { vsn }), topic, 'carl');
    await carl.events.next((e) => e.event === 'sync');
    expect(stateOf(carl.channel)).toEqual({ ada: [{ status: 'online' }], bob: [{ status: 'idle' }] });

    expect(await ada.channel.untrack()).toBe('ok');
    await bob.events.next((e) => e.event === 'leave' && e.key === 'ada');
    await carl.events.next((e) => e.event === 'leave' && e.key === 'ada');
    expect(stateOf(carl.channel)).toEqual({ bob: [{ status: 'idle' }] });

    await bobClient.removeAllChannels();
    await carl.events.next((e) => e.event === 'leave' && e.key === 'bob');
    expect(stateOf(carl.channel)).toEqual({});
  });

  it('keeps the server\'s refs: a client cannot pass its own phx_ref off as another presence', async () => {
    const topic = `refs-${randomUUID()}`;
    const a = await join(realtimeClient(server, { vsn }), topic, 'a');
    const b = await join(realtimeClient(server, { vsn }), topic, 'b');
    await a.channel.track({ phx_ref: 'forged', name: 'a' });
    await b.events.next((e) => e.event === 'join' && e.key === 'a');
    const [presence] = (b.channel.presenceState() as Record<string, { presence_ref: string }[]>).a!;
    expect(presence!.presence_ref).not.toBe('forged');
  });
});

describe('private presence', () => {
  it('needs the presence policies of realtime.messages to read and to track', async () => {
    const watcher = await join(realtimeClient(server, { vsn: '2.0.0', token: viewer.token }), 'lobby', 'viewer', true);
    const tracker = await join(realtimeClient(server, { vsn: '1.0.0', token: member.token }), 'lobby', 'member', true);
    expect(await tracker.channel.track({ here: true })).toBe('ok');
    await watcher.events.next((e) => e.event === 'join' && e.key === 'member');
    // The viewer may read the lobby but not write presence into it.
    expect(await watcher.channel.track({ here: true })).toBe('error');
  });
});
