import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../../support/server.ts';
import { serviceProject } from '../schema-fixtures.ts';
import { type ChangeMessage, closeClients, Inbox, postgresReady, realtimeClient, refused, subscribed, systemInbox } from './support.ts';

/** What the live site subscribes to (web/lib/live): the server-counted viewers, the bell, wildcards. */
let server: TestServer;
let ada: TestUser;
let bob: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  ada = await server.createUser();
  bob = await server.createUser();
  await server.service().from('creators').insert({ id: ada.id, name: 'Ada' });
});

/** Viewers are counted only on a launched project's page: a fresh one per test, so counts start at 0. */
const launchedProject = () => serviceProject(server, ada.id);
afterEach(closeClients);
afterAll(() => server?.close());

async function viewer(client: SupabaseClient, projectId: string, claim: Record<string, unknown> = {}) {
  const channel = client.channel(`viewers:${projectId}`, { config: { private: true, broadcast: { ack: true } } });
  const counts = new Inbox<{ payload: { count: number } }>();
  channel.on('broadcast', { event: 'viewing' }, counts.push as never);
  await subscribed(channel);
  expect(await channel.track(claim)).toBe('ok');
  return { channel, counts };
}

const lastCount = (inbox: Inbox<{ payload: { count: number } }>) => inbox.received.at(-1)?.payload.count;

describe('viewing now', () => {
  it('is counted by the server from presence joins and leaves, whatever clients put in their presence', async () => {
    const project = await launchedProject();
    // Two people: different signed-in users (from one address, as every test client is).
    const first = await viewer(realtimeClient(server, { vsn: '2.0.0', token: ada.token }), project);
    await first.counts.next((m) => m.payload.count === 1);
    // A client claiming a crowd is one viewer.
    const second = await viewer(realtimeClient(server, { vsn: '1.0.0', token: bob.token }), project, { count: 500, viewers: 500 });
    await first.counts.next((m) => m.payload.count === 2);
    await second.counts.next((m) => m.payload.count === 2);
    const seen = first.counts.received.length;
    await second.channel.unsubscribe();
    await first.counts.next((m) => first.counts.received.indexOf(m) >= seen, 'the count after a leave');
    expect(lastCount(first.counts)).toBe(1);
    expect(first.counts.received.map((m) => m.payload.count)).toEqual([1, 2, 1]);
  });

  it('refuses a client broadcasting on a viewers topic, so the count only ever comes from the server', async () => {
    const project = await launchedProject();
    const watcher = await viewer(realtimeClient(server, { vsn: '2.0.0', token: ada.token }), project);
    await watcher.counts.next((m) => m.payload.count === 1);
    const liar = await viewer(realtimeClient(server, { vsn: '2.0.0', token: bob.token }), project);
    expect(await liar.channel.send({ type: 'broadcast', event: 'viewing', payload: { count: 999 } })).toBe('error');
    await watcher.counts.next((m) => m.payload.count === 2);
    expect(watcher.counts.received.map((m) => m.payload.count)).not.toContain(999);
  });

  it('counts people, not sockets: anonymous visitors from one address are one viewer, however many sockets they open', async () => {
    const project = await launchedProject();
    const visitors = [];
    for (const vsn of ['2.0.0', '1.0.0', '2.0.0', '1.0.0'] as const) visitors.push(await viewer(realtimeClient(server, { vsn }), project));
    // A visitor with an anonymous session is still anonymous: the same viewer as the others on its address.
    const guest = await server.signInAnonymously();
    visitors.push(await viewer(realtimeClient(server, { vsn: '2.0.0', token: guest.token }), project));
    // A signed-in user arriving after them all makes two: the count that arrives with them says how many the visitors were.
    const ada_ = await viewer(realtimeClient(server, { vsn: '2.0.0', token: ada.token }), project);
    await ada_.counts.next((m) => m.payload.count === 2, 'the count with ada');
    await visitors[0]!.counts.next((m) => m.payload.count === 2, 'the count with ada, seen by a visitor');
    expect(visitors[0]!.counts.received.map((m) => m.payload.count).every((n) => n <= 2)).toBe(true);
  });

  it('counts two signed-in users on one address twice, and one user with several sockets once', async () => {
    const project = await launchedProject();
    const adaTabs = [];
    for (let i = 0; i < 3; i++) adaTabs.push(await viewer(realtimeClient(server, { vsn: '2.0.0', token: ada.token }), project));
    await adaTabs[0]!.counts.next((m) => m.payload.count === 1);
    const bobTab = await viewer(realtimeClient(server, { vsn: '1.0.0', token: bob.token }), project);
    await bobTab.counts.next((m) => m.payload.count === 2, 'ada and bob');
    await adaTabs[0]!.counts.next((m) => m.payload.count === 2, 'ada and bob, seen by ada');
    expect(adaTabs[0]!.counts.received.map((m) => m.payload.count).every((n) => n <= 2)).toBe(true);
  });

  it('counts a visitor who signs in on an open page as the person they now are', async () => {
    const project = await launchedProject();
    // Two anonymous visitors on one address: one viewer.
    const watcher = await viewer(realtimeClient(server, { vsn: '2.0.0' }), project);
    await watcher.counts.next((m) => m.payload.count === 1);
    const visitorClient = realtimeClient(server, { vsn: '2.0.0' });
    await viewer(visitorClient, project);
    // The second signs in: the new token reaches the joined channel, and bob is counted apart.
    await visitorClient.realtime.setAuth(bob.token);
    await watcher.counts.next((m) => m.payload.count === 2, 'the anonymous watcher and bob');
  });

  it('counts one socket that joins the viewers topic twice once', async () => {
    const project = await launchedProject();
    const watcher = await viewer(realtimeClient(server, { vsn: '2.0.0', token: ada.token }), project);
    await watcher.counts.next((m) => m.payload.count === 1);
    // A raw socket (supabase-js keeps one channel per topic) joining and tracking, then doing it again.
    const raw = new WebSocket(`${server.url.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${server.anonKey}&vsn=1.0.0`);
    const replies = new Inbox<{ ref: string; payload: { status: string } }>();
    raw.on('message', (data) => {
      const m = JSON.parse(String(data)) as { event: string; ref: string; payload: { status: string } };
      if (m.event === 'phx_reply') replies.push(m);
    });
    await new Promise((resolve, reject) => raw.once('open', resolve).once('error', reject));
    const topic = `realtime:viewers:${project}`;
    const send = (ref: string, joinRef: string, event: string, payload: unknown) => raw.send(JSON.stringify({ topic, event, payload, ref, join_ref: joinRef }));
    const config = { broadcast: { ack: false, self: false }, presence: { key: '', enabled: true }, postgres_changes: [], private: true };
    try {
      for (const join of ['1', '3']) {
        send(join, join, 'phx_join', { config, access_token: server.anonKey });
        expect((await replies.next((m) => m.ref === join, `join ${join}`)).payload.status).toBe('ok');
        const track = String(Number(join) + 1);
        send(track, join, 'presence', { type: 'presence', event: 'track', payload: {} });
        expect((await replies.next((m) => m.ref === track, `track ${track}`)).payload.status).toBe('ok');
      }
      // Bob arriving makes three viewers (ada, the raw socket, bob), not four.
      const bobTab = await viewer(realtimeClient(server, { vsn: '2.0.0', token: bob.token }), project);
      await bobTab.counts.next((m) => m.payload.count === 3, 'ada, the raw socket and bob');
      expect(watcher.counts.received.map((m) => m.payload.count).every((n) => n <= 3)).toBe(true);
    } finally {
      raw.close();
    }
  });

  it('goes down once every socket of a viewer has closed', async () => {
    const project = await launchedProject();
    const watcher = await viewer(realtimeClient(server, { vsn: '2.0.0', token: ada.token }), project);
    const bobClients = [realtimeClient(server, { vsn: '2.0.0', token: bob.token }), realtimeClient(server, { vsn: '1.0.0', token: bob.token })];
    for (const client of bobClients) await viewer(client, project);
    await watcher.counts.next((m) => m.payload.count === 2, 'ada and bob');
    await bobClients[0]!.removeAllChannels();
    // One of bob's sockets still has the page open: he is still viewing, so a visitor arriving makes three.
    const visitor = await viewer(realtimeClient(server, { vsn: '2.0.0' }), project);
    await visitor.counts.next((m) => m.payload.count === 3, 'ada, bob and a visitor');
    // Closing bob's last socket takes him off.
    const seen = visitor.counts.received.length;
    await bobClients[1]!.removeAllChannels();
    await visitor.counts.next((m) => visitor.counts.received.indexOf(m) >= seen && m.payload.count === 2, 'the count after bob left');
  });

  it('refuses tracking presence on a private topic that is not a viewers topic', async () => {
    const channel = realtimeClient(server, { vsn: '2.0.0' }).channel(`elsewhere:${randomUUID()}`, { config: { private: true } });
    expect((await refused(channel)).message).toContain('Unauthorized');
  });
});

describe('the notification bell', () => {
  async function bell(user: TestUser) {
    const channel = realtimeClient(server, { vsn: '2.0.0', token: user.token }).channel(`bell-${randomUUID()}`);
    const inbox = new Inbox<ChangeMessage>();
    channel.on('postgres_changes', { event: '*', schema: 'public', table: 'notifications', filter: `user_id=eq.${user.id}` }, inbox.push as never);
    const system = systemInbox(channel);
    await subscribed(channel);
    await postgresReady(system);
    return inbox;
  }

  it("hears its user's new notifications and nobody else's", async () => {
    const adas = await bell(ada);
    const bobs = await bell(bob);
    await server.ctx.db.query(`insert into public.notifications (user_id, type, data) values ($1, 'project_approved', '{"n":"for bob"}'), ($2, 'project_approved', '{"n":"for ada"}')`, [bob.id, ada.id]);
    const mine = await adas.next();
    expect(mine.new).toMatchObject({ user_id: ada.id, data: { n: 'for ada' } });
    await bobs.next();
    expect(adas.received).toHaveLength(1);
    expect(bobs.received.map((m) => m.new.user_id)).toEqual([bob.id]);
  });

  it('refuses a visitor subscribing to notifications', async () => {
    const channel = realtimeClient(server, { vsn: '2.0.0' }).channel(`bell-${randomUUID()}`);
    channel.on('postgres_changes', { event: '*', schema: 'public', table: 'notifications' }, () => undefined);
    const system = systemInbox(channel);
    await subscribed(channel);
    await expect(postgresReady(system)).rejects.toThrow('Unable to subscribe to changes');
  });
});

describe('wildcard subscriptions', () => {
  it("skip published tables the subscriber cannot read: a visitor's table '*' still gets projects' changes", async () => {
    const channel = realtimeClient(server, { vsn: '2.0.0' }).channel(`all-${randomUUID()}`);
    const inbox = new Inbox<ChangeMessage>();
    channel.on('postgres_changes', { event: 'UPDATE', schema: 'public', table: '*' }, inbox.push as never);
    const system = systemInbox(channel);
    await subscribed(channel);
    await postgresReady(system);
    const { rows } = await server.ctx.db.query<{ id: string }>(`select id from public.projects where status = 'approved' limit 1`);
    let projectId = rows[0]?.id;
    if (!projectId) {
      await server.ctx.db.query(`insert into public.creators (id, name) values ($1, 'Ada') on conflict do nothing`, [ada.id]);
      const made = await server.ctx.db.query<{ id: string }>(
        `insert into public.projects (title, description, tool, category, creator_id, status) values ('Live', 'A live project.', 'Cursor', 'App', $1, 'approved') returning id`,
        [ada.id],
      );
      projectId = made.rows[0]!.id;
    }
    await server.ctx.db.query(`update public.projects set featured = not featured where id = $1`, [projectId]);
    const m = await inbox.next();
    expect(m).toMatchObject({ table: 'projects', new: { id: projectId } });
  });
});
