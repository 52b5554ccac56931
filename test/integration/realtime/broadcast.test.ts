import { randomUUID } from 'node:crypto';
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../../support/server.ts';
import { closeClients, Inbox, ownerSql, realtimeClient, refused, subscribed, VSNS, type Vsn } from './support.ts';

interface Received {
  type: string;
  event: string;
  payload?: unknown;
  [key: string]: unknown;
}

let server: TestServer;
let member: TestUser;
let reader: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  member = await server.createUser();
  reader = await server.createUser();
  // Private topics as a project would authorize them: members-only for signed-in users; a
  // read-only room where only `member` may write.
  await ownerSql(
    server,
    `create policy rt_members_read on realtime.messages for select to authenticated
       using (realtime.topic() in ('members-only', 'read-only') and extension in ('broadcast', 'presence'));
     create policy rt_members_write on realtime.messages for insert to authenticated
       with check (realtime.topic() = 'members-only' or (realtime.topic() = 'read-only' and (select auth.uid()) = '${member.id}'));`,
  );
});
afterEach(closeClients);
afterAll(() => server?.close());

async function join(client: SupabaseClient, topic: string, config: { self?: boolean; ack?: boolean; private?: boolean } = {}) {
  const channel = client.channel(topic, { config: { broadcast: { self: config.self ?? false, ack: config.ack ?? false }, private: config.private ?? false } });
  const inbox = new Inbox<Received>();
  channel.on('broadcast', { event: '*' }, inbox.push as never);
  await subscribed(channel);
  return { channel, inbox };
}

/** A send that the server acknowledged (ack: true), so what it caused has been dispatched. */
async function acked(channel: RealtimeChannel, event: string, payload: unknown): Promise<void> {
  expect(await channel.send({ type: 'broadcast', event, payload })).toBe('ok');
}

describe.each(VSNS)('broadcast from vsn %s', (senderVsn: Vsn) => {
  for (const receiverVsn of VSNS) {
    it(`reaches vsn ${receiverVsn} subscribers, and the sender only with self`, async () => {
      const topic = `room-${randomUUID()}`;
      const sender = await join(realtimeClient(server, { vsn: senderVsn }), topic, { ack: true });
      const receiver = await join(realtimeClient(server, { vsn: receiverVsn }), topic);
      await acked(sender.channel, 'cursor', { x: 1, y: [2, 3] });
      expect(await receiver.inbox.next()).toEqual({ type: 'broadcast', event: 'cursor', payload: { x: 1, y: [2, 3] } });

      const selfish = await join(realtimeClient(server, { vsn: senderVsn }), topic, { self: true, ack: true });
      await acked(selfish.channel, 'echo', { n: 1 });
      expect((await selfish.inbox.next()).payload).toEqual({ n: 1 });
      // Each send was dispatched before its ack: the first sender heard the echo, never its own cursor.
      await receiver.inbox.next((m) => m.event === 'echo');
      expect(sender.inbox.received.map((m) => m.event)).toEqual(['echo']);
    });
  }

  it('relays what the sender may decide (event and payload), not keys it adds beside them', async () => {
    const topic = `room-${randomUUID()}`;
    const sender = await join(realtimeClient(server, { vsn: senderVsn }), topic, { ack: true });
    const receiver = await join(realtimeClient(server, { vsn: '1.0.0' }), topic);
    expect(await sender.channel.send({ type: 'broadcast', event: 'chat', payload: { text: 'hi' }, ids: [1], meta: { id: 'forged' } })).toBe('ok');
    expect(await receiver.inbox.next()).toEqual({ type: 'broadcast', event: 'chat', payload: { text: 'hi' } });
  });
});

describe('broadcast', () => {
  it('carries bytes between vsn 2.0.0 clients, and leaves vsn 1.0.0 clients out of them', async () => {
    const topic = `bytes-${randomUUID()}`;
    const sender = await join(realtimeClient(server, { vsn: '2.0.0' }), topic, { ack: true });
    const v2 = await join(realtimeClient(server, { vsn: '2.0.0' }), topic);
    const v1 = await join(realtimeClient(server, { vsn: '1.0.0' }), topic);
    await acked(sender.channel, 'blob', new Uint8Array([1, 2, 255]).buffer);
    const got = await v2.inbox.next();
    expect(got.event).toBe('blob');
    expect([...new Uint8Array(got.payload as ArrayBuffer)]).toEqual([1, 2, 255]);
    await acked(sender.channel, 'after', { ok: true });
    await v1.inbox.next((m) => m.event === 'after');
    expect(v1.inbox.received.map((m) => m.event)).toEqual(['after']);
  });

  it('takes messages over REST in a batch (what send() falls back to) and one at a time (httpSend)', async () => {
    const topic = `rest-${randomUUID()}`;
    const v1 = await join(realtimeClient(server, { vsn: '1.0.0' }), topic);
    const v2 = await join(realtimeClient(server, { vsn: '2.0.0' }), topic);
    const res = await fetch(`${server.url}/realtime/v1/api/broadcast`, {
      method: 'POST',
      headers: { apikey: server.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ messages: [{ topic, event: 'batch', payload: { n: 1 } }] }),
    });
    expect(res.status).toBe(202);
    for (const s of [v1, v2]) expect(await s.inbox.next()).toEqual({ type: 'broadcast', event: 'batch', payload: { n: 1 } });

    const unjoined = realtimeClient(server, { vsn: '2.0.0' }).channel(topic);
    expect(await unjoined.httpSend('single', { n: 2 })).toEqual({ success: true });
    for (const s of [v1, v2]) expect(await s.inbox.next((m) => m.event === 'single')).toEqual({ type: 'broadcast', event: 'single', payload: { n: 2 } });
    expect(await unjoined.httpSend('bytes', new Uint8Array([7]))).toEqual({ success: true });
    expect([...new Uint8Array((await v2.inbox.next((m) => m.event === 'bytes')).payload as ArrayBuffer)]).toEqual([7]);
  });

  it('answers bad REST broadcasts as Supabase does, delivering nothing', async () => {
    const post = (body: unknown, headers: Record<string, string> = { apikey: server.anonKey }) =>
      fetch(`${server.url}/realtime/v1/api/broadcast`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
    expect((await post({ messages: [] }, {})).status).toBe(401);
    expect(await (await post({ messages: [] }, {})).json()).toEqual({ message: 'Unauthorized' });
    const invalid = await post({ messages: [{ topic: 't', payload: 'not a map' }] });
    expect(invalid.status).toBe(422);
    expect(await invalid.json()).toEqual({ errors: { messages: [{ event: ["can't be blank"], payload: ['is invalid'] }] } });
    expect(await (await post({})).json()).toEqual({ errors: { messages: ["can't be blank"] } });
    const big = await post({ messages: [{ topic: 't', event: 'e', payload: { blob: 'x'.repeat(1_100_000) } }] });
    expect(big.status).toBe(413);
    const single = await fetch(`${server.url}/realtime/v1/api/broadcast/t/events/e`, { method: 'POST', headers: { apikey: server.anonKey, 'content-type': 'text/plain' }, body: 'hi' });
    expect(single.status).toBe(415);
  });

  it('authorizes private channels by RLS on realtime.messages, as Supabase does', async () => {
    const anon = realtimeClient(server, { vsn: '2.0.0' });
    expect((await refused(anon.channel('members-only', { config: { private: true } }))).message).toBe(
      'Unauthorized: You do not have permissions to read from this Channel topic: members-only',
    );
    const a = await join(realtimeClient(server, { vsn: '2.0.0', token: member.token }), 'members-only', { private: true, ack: true });
    const b = await join(realtimeClient(server, { vsn: '1.0.0', token: reader.token }), 'members-only', { private: true });
    // A public channel of the same name is another topic: it hears nothing private.
    const outsider = await join(realtimeClient(server, { vsn: '2.0.0' }), 'members-only');
    await acked(a.channel, 'secret', { s: 1 });
    expect((await b.inbox.next()).payload).toEqual({ s: 1 });

    const readOnly = await join(realtimeClient(server, { vsn: '2.0.0', token: reader.token }), 'read-only', { private: true, ack: true });
    const listener = await join(realtimeClient(server, { vsn: '2.0.0', token: member.token }), 'read-only', { private: true, ack: true });
    expect(await readOnly.channel.send({ type: 'broadcast', event: 'denied', payload: {} })).toBe('error');
    await acked(listener.channel, 'allowed', {});
    await readOnly.inbox.next((m) => m.event === 'allowed');
    expect(listener.inbox.received).toEqual([]);

    // Over REST: the anon key may not write a private topic; the service role may.
    const rest = realtimeClient(server, { vsn: '2.0.0' }).channel('members-only', { config: { private: true } });
    await expect(rest.httpSend('x', {})).rejects.toThrow('Unauthorized');
    const service = realtimeClient(server, { vsn: '2.0.0', token: server.serviceRoleKey }).channel('members-only', { config: { private: true } });
    expect(await service.httpSend('from-service', { ok: 1 })).toEqual({ success: true });
    expect((await b.inbox.next((m) => m.event === 'from-service')).payload).toEqual({ ok: 1 });
    // Dispatched after everything above: once the outsider has this, it would have had the rest.
    expect(await realtimeClient(server, { vsn: '2.0.0' }).channel('members-only').httpSend('public', {})).toEqual({ success: true });
    await outsider.inbox.next((m) => m.event === 'public');
    expect(outsider.inbox.received.map((m) => m.event)).toEqual(['public']);
  });
});
