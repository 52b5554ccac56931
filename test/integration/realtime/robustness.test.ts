import WebSocket from 'ws';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../support/server.ts';
import { Inbox, VSNS, type Vsn } from './support.ts';

interface Frame {
  joinRef: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payload: Record<string, unknown>;
}

/** A bare WebSocket speaking Phoenix by hand, to send what supabase-js never would. */
class RawSocket {
  readonly frames = new Inbox<Frame>();
  readonly closed: Promise<number>;
  private ref = 0;

  private constructor(
    readonly ws: WebSocket,
    readonly vsn: Vsn,
  ) {
    ws.on('message', (data, isBinary) => {
      if (isBinary) return;
      const v = JSON.parse(data.toString());
      this.frames.push(Array.isArray(v) ? { joinRef: v[0], ref: v[1], topic: v[2], event: v[3], payload: v[4] } : { joinRef: v.join_ref, ref: v.ref, topic: v.topic, event: v.event, payload: v.payload });
    });
    this.closed = new Promise((resolve) => ws.on('close', (code) => resolve(code)));
  }

  static open(server: TestServer, vsn: Vsn): Promise<RawSocket> {
    const ws = new WebSocket(`${server.url.replace('http', 'ws')}/realtime/v1/websocket?apikey=${server.anonKey}&vsn=${vsn}`);
    const socket = new RawSocket(ws, vsn);
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(socket));
      ws.once('error', reject);
    });
  }

  /** Sends a message; answers its ref. A join is its own join_ref, as Phoenix clients send it. */
  send(topic: string, event: string, payload: unknown, joinRef: string | null = null): string {
    const ref = String(++this.ref);
    if (event === 'phx_join') joinRef = ref;
    this.ws.send(this.vsn === '1.0.0' ? JSON.stringify({ topic, event, payload, ref, join_ref: joinRef }) : JSON.stringify([joinRef, ref, topic, event, payload]));
    return ref;
  }

  reply(ref: string): Promise<Frame> {
    return this.frames.next((f) => f.event === 'phx_reply' && f.ref === ref, `the reply to ${ref}`);
  }

  async join(topic: string, config: Record<string, unknown> = {}): Promise<string> {
    const ref = this.send(topic, 'phx_join', { config });
    const reply = await this.reply(ref);
    if (reply.payload.status !== 'ok') throw new Error(JSON.stringify(reply.payload));
    return ref;
  }

  /** The heartbeat is answered: the socket is alive and has handled everything sent before it. */
  async alive(): Promise<void> {
    const ref = this.send('phoenix', 'heartbeat', {});
    expect((await this.reply(ref)).payload).toEqual({ status: 'ok', response: {} });
  }
}

let server: TestServer;
const sockets: RawSocket[] = [];

beforeAll(async () => {
  server = await startTestServer();
});
afterEach(() => {
  for (const s of sockets.splice(0)) s.ws.terminate();
});
afterAll(() => server?.close());

async function open(vsn: Vsn, on = server): Promise<RawSocket> {
  const s = await RawSocket.open(on, vsn);
  sockets.push(s);
  return s;
}

describe.each(VSNS)('what supabase-js never sends, over vsn %s', (vsn) => {
  it('answers a frame that is not a message with an error, and stays open', async () => {
    const s = await open(vsn);
    s.ws.send('{not json');
    const err = await s.frames.next((f) => f.topic === 'phoenix' && f.event === 'phx_error');
    expect(err.payload.reason).toMatch(/^MalformedWebSocketMessage: invalid JSON/);
    s.ws.send(vsn === '1.0.0' ? JSON.stringify({ topic: 'realtime:x', ref: '77', payload: {} }) : JSON.stringify([null, '77', 'realtime:x', 'phx_join']));
    expect((await s.reply('77')).payload).toEqual({ status: 'error', response: { reason: expect.stringMatching(/^MalformedWebSocketMessage: expected/) } });
    s.ws.send(Buffer.from([9, 1, 2]));
    await s.frames.next((f) => f.event === 'phx_error' && String(f.payload.reason).includes(vsn === '1.0.0' ? 'binary frames need vsn 2.0.0' : 'unknown binary frame kind 9'));
    await s.alive();
  });

  it('answers unknown events, unjoined topics and bad joins with errors', async () => {
    const s = await open(vsn);
    expect((await s.reply(s.send('realtime:nowhere', 'broadcast', { type: 'broadcast', event: 'e', payload: {} }))).payload).toEqual({
      status: 'error',
      response: { reason: 'unmatched topic' },
    });
    expect((await s.reply(s.send('realtime:', 'phx_join', {}))).payload.response).toEqual({ reason: 'TopicNameRequired: You must provide a topic name' });
    expect((await s.reply(s.send('elsewhere', 'phx_join', {}))).payload.response).toEqual({ reason: 'unmatched topic' });
    expect((await s.reply(s.send('realtime:bad', 'phx_join', { config: { postgres_changes: ['projects'] } }))).payload.response).toEqual({
      reason: 'InvalidJoinPayload: unable to parse, expected an array of maps',
    });

    const joinRef = await s.join('realtime:room');
    expect((await s.reply(s.send('realtime:room', 'dance', {}, joinRef))).payload.response).toEqual({ reason: 'UnknownEvent: Unexpected message from client of type `dance`' });
    expect((await s.reply(s.send('realtime:room', 'broadcast', { type: 'broadcast', payload: {} }, joinRef))).payload.response).toEqual({
      reason: 'MalformedWebSocketMessage: a broadcast needs {type, event, payload} with an event name',
    });
    expect((await s.reply(s.send('realtime:room', 'presence', { type: 'presence', event: 'track', payload: 'me' }, joinRef))).payload.response).toEqual({
      reason: 'Presence track payload must be a map',
    });
    expect((await s.reply(s.send('realtime:room', 'presence', { type: 'presence', event: 'shout' }, joinRef))).payload.response).toEqual({
      reason: 'UnknownPresenceEvent: shout',
    });
    await s.alive();
  });

  it('refuses a message over the size limit with an error, and closes the connection far beyond it', async () => {
    const s = await open(vsn);
    const joinRef = await s.join('realtime:big', { broadcast: { ack: true } });
    const ref = s.send('realtime:big', 'broadcast', { type: 'broadcast', event: 'e', payload: { blob: 'x'.repeat(1_100_000) } }, joinRef);
    expect((await s.reply(ref)).payload).toEqual({ status: 'error', response: { reason: 'PayloadSizeExceeded: messages may be at most 1048576 bytes' } });
    await s.alive();
    s.ws.send('x'.repeat(4 * 1048576 + 1));
    expect(await s.closed).toBe(1009);
  });

  it('closes the earlier channel when a topic is joined again on the same socket', async () => {
    const s = await open(vsn);
    const first = await s.join('realtime:twice');
    const second = await s.join('realtime:twice');
    const close = await s.frames.next((f) => f.event === 'phx_close');
    expect(close).toMatchObject({ topic: 'realtime:twice', joinRef: first, ref: first });
    expect(second).not.toBe(first);
  });
});

describe('robustness', () => {
  it('refuses a vsn 2.0.0 binary broadcast whose JSON payload is not JSON, so no client has to parse it', async () => {
    const s = await open('2.0.0');
    const joinRef = await s.join('realtime:bytes');
    const topic = Buffer.from('realtime:bytes');
    const event = Buffer.from('e');
    const frame = Buffer.concat([Buffer.from([3, joinRef.length, 2, topic.length, event.length, 0, 1]), Buffer.from(joinRef), Buffer.from('99'), topic, event, Buffer.from('{oops')]);
    s.ws.send(frame);
    expect((await s.reply('99')).payload.response).toEqual({ reason: 'MalformedWebSocketMessage: the broadcast payload is not JSON' });
  });

  it('answers the upgrade of another path with 404', async () => {
    const status = await new Promise<number>((resolve) => {
      const ws = new WebSocket(`${server.url.replace('http', 'ws')}/realtime/v1/elsewhere?apikey=${server.anonKey}`);
      ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      ws.on('error', () => undefined);
    });
    expect(status).toBe(404);
  });

  it('drops a client that stops reading instead of buffering for it without bound', async () => {
    const small = await startTestServer({ REALTIME_MAX_BUFFERED_BYTES: String(64 * 1024) });
    try {
      const slow = await open('2.0.0', small);
      await slow.join('realtime:firehose');
      const fast = await open('2.0.0', small);
      await fast.join('realtime:firehose');
      (slow.ws as unknown as { _socket: { pause(): void } })._socket.pause();
      const payload = JSON.stringify({ messages: [{ topic: 'firehose', event: 'e', payload: { blob: 'y'.repeat(900_000) } }] });
      for (let i = 0; i < 200 && small.ctx.realtime.stats().dropped === 0; i++) {
        const res = await fetch(`${small.url}/realtime/v1/api/broadcast`, { method: 'POST', headers: { apikey: small.anonKey, 'content-type': 'application/json' }, body: payload });
        expect(res.status).toBe(202);
      }
      expect(small.ctx.realtime.stats()).toMatchObject({ dropped: 1, sockets: 1 });
      await fast.alive();
    } finally {
      await small.close();
    }
  });

  it('closes every socket with "going away" when the server shuts down', async () => {
    const other = await startTestServer();
    const s = await open('2.0.0', other);
    await s.join('realtime:bye');
    await other.close();
    expect(await s.closed).toBe(1001);
  });
});
