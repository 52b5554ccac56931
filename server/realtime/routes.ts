import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { canWrite } from './authorization.ts';
import type { BroadcastMessage } from './hub.ts';
import type { RealtimeServices } from './services.ts';
import { checkToken, type ChannelAuth } from './tokens.ts';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const flexibleTrue = (v: unknown) => v === true || (typeof v === 'string' && v.toLowerCase() === 'true');

/** The caller of a REST broadcast: Authorization's bearer token, else the apikey header. */
async function caller(s: RealtimeServices, c: Context): Promise<ChannelAuth | undefined> {
  const bearer = c.req.header('authorization')?.match(/^bearer\s+(\S+)\s*$/i)?.[1];
  const token = bearer ?? c.req.header('apikey');
  if (!token) return undefined;
  const checked = await checkToken(s.keys, s.db, token);
  return checked.ok ? checked.auth : undefined;
}

const unauthorized = (c: Context) => c.json({ message: 'Unauthorized' }, 401);

/**
 * Broadcast over HTTP, as Supabase's Realtime API takes it: POST /api/broadcast with a batch
 * ({messages: [{topic, event, payload, private}]}, what realtime-js's send() falls back to), and
 * POST /api/broadcast/{topic}/events/{event} with one JSON or binary payload (httpSend). Both
 * answer 202. A private message needs the caller's write policy on its topic.
 */
export function realtimeRoutes(s: RealtimeServices): Hono {
  const app = new Hono();
  // The rest of an oversized body is never read, so the connection cannot carry another request.
  const limit = bodyLimit({
    maxSize: s.limits.maxMessageBytes,
    onError: (c) => c.json({ message: 'Payload size exceeds tenant limit' }, 413, { Connection: 'close' }),
  });

  app.post('/api/broadcast', limit, async (c) => {
    const auth = await caller(s, c);
    if (!auth) return unauthorized(c);
    let body: unknown;
    try {
      body = JSON.parse(await c.req.text());
    } catch {
      return c.json({ message: 'Request body is not valid JSON' }, 400);
    }
    const messages = isObject(body) ? body.messages : undefined;
    if (!Array.isArray(messages) || messages.length === 0) return c.json({ errors: { messages: ["can't be blank"] } }, 422);
    const errors = messages.map((m) => {
      const e: Record<string, string[]> = {};
      if (!isObject(m)) return { messages: ['is invalid'] };
      for (const field of ['topic', 'event'] as const) if (typeof m[field] !== 'string' || m[field] === '') e[field] = ["can't be blank"];
      if (m.payload === undefined || m.payload === null) e.payload = ["can't be blank"];
      else if (!isObject(m.payload)) e.payload = ['is invalid'];
      return e;
    });
    if (errors.some((e) => Object.keys(e).length)) return c.json({ errors: { messages: errors } }, 422);

    const writable = new Map<string, Promise<boolean>>();
    for (const m of messages as Record<string, unknown>[]) {
      const topic = m.topic as string;
      const message: BroadcastMessage = { event: m.event as string, json: JSON.stringify(m.payload), framed: false };
      if (!flexibleTrue(m.private)) {
        s.hub.broadcast(`public:${topic}`, message);
        continue;
      }
      if (!writable.has(topic)) writable.set(topic, canWrite(s.db, auth, topic, 'broadcast'));
      // Messages for topics the caller may not write are left out, as Supabase leaves them.
      if (await writable.get(topic)) s.hub.broadcast(`private:${topic}`, message);
    }
    return c.body(null, 202);
  });

  app.post('/api/broadcast/:topic/events/:event', limit, async (c) => {
    const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    const binary = type === 'application/octet-stream';
    if (type !== '' && type !== 'application/json' && !binary) {
      return c.json({ error: 'Unsupported Media Type. Use application/json or application/octet-stream' }, 415);
    }
    const auth = await caller(s, c);
    if (!auth) return unauthorized(c);
    const topic = c.req.param('topic');
    const event = c.req.param('event');
    const bytes = Buffer.from(await c.req.arrayBuffer());
    let message: BroadcastMessage;
    if (binary) {
      message = { event, binary: bytes, framed: true };
    } else {
      const text = bytes.toString('utf8');
      if (text.trim() === '') return c.json({ errors: { payload: ["can't be blank"] } }, 422);
      try {
        JSON.parse(text);
      } catch {
        return c.json({ message: 'Request body is not valid JSON' }, 400);
      }
      message = { event, json: text, framed: true };
    }
    if (flexibleTrue(c.req.query('private'))) {
      if (!(await canWrite(s.db, auth, topic, 'broadcast'))) return c.json({ message: 'Unauthorized' }, 403);
      s.hub.broadcast(`private:${topic}`, message);
    } else {
      s.hub.broadcast(`public:${topic}`, message);
    }
    return c.body(null, 202);
  });

  return app;
}
