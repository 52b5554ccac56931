/**
 * Phoenix channel messages as realtime-js speaks them.
 *
 * vsn 1.0.0: every frame is a JSON object {topic, event, payload, ref, join_ref}.
 * vsn 2.0.0 (realtime-js's default): text frames are JSON arrays [join_ref, ref, topic, event,
 * payload]; binary frames start with a kind byte. The client sends kind 3 (a broadcast it pushes:
 * header, then the user payload's raw bytes) and understands kind 4 (a broadcast it receives).
 * Lengths in the headers are single bytes, so topic, event and refs are at most 255 bytes there.
 */

export const VSN_1 = '1.0.0';
export const VSN_2 = '2.0.0';
export type Vsn = typeof VSN_1 | typeof VSN_2;
export const VSNS: readonly Vsn[] = [VSN_1, VSN_2];

const KIND_PUSH = 0;
const KIND_USER_BROADCAST_PUSH = 3;
const KIND_USER_BROADCAST = 4;
const MAX_HEADER_FIELD = 255;

/** A text message (or a binary push of kind 0, whose payload stays bytes). */
export interface InboundMessage {
  kind: 'message';
  joinRef: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payload: unknown;
}

/** A broadcast a vsn 2.0.0 client pushed as a binary frame. */
export interface InboundUserBroadcast {
  kind: 'user-broadcast';
  joinRef: string | null;
  ref: string | null;
  topic: string;
  userEvent: string;
  encoding: 'json' | 'binary';
  payload: Buffer;
}

export type Inbound = InboundMessage | InboundUserBroadcast;

/** A frame that is not a message; ref and topic are kept when they could be read, for the reply. */
export class MalformedMessage extends Error {
  constructor(
    message: string,
    readonly at: { joinRef?: string | null; ref?: string | null; topic?: string } = {},
  ) {
    super(message);
  }
}

function refOf(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new MalformedMessage(`invalid JSON: ${(err as Error).message}`);
  }
}

export function decode(vsn: Vsn, data: Buffer, isBinary: boolean): Inbound {
  if (isBinary) {
    if (vsn === VSN_1) throw new MalformedMessage('binary frames need vsn 2.0.0');
    return decodeBinary(data);
  }
  const value = parseJson(data.toString('utf8'));
  if (vsn === VSN_1) {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      throw new MalformedMessage('expected a JSON object {topic, event, payload, ref}');
    }
    const m = value as Record<string, unknown>;
    const at = { joinRef: refOf(m.join_ref), ref: refOf(m.ref), topic: typeof m.topic === 'string' ? m.topic : undefined };
    if (typeof m.topic !== 'string' || typeof m.event !== 'string' || !('payload' in m)) {
      throw new MalformedMessage('expected a JSON object {topic, event, payload, ref}', at);
    }
    return { kind: 'message', joinRef: at.joinRef, ref: at.ref, topic: m.topic, event: m.event, payload: m.payload };
  }
  if (!Array.isArray(value)) throw new MalformedMessage('expected V2 array [join_ref, ref, topic, event, payload]');
  const [joinRef, ref, topic, event, payload] = value as unknown[];
  const at = { joinRef: refOf(joinRef), ref: refOf(ref), topic: typeof topic === 'string' ? topic : undefined };
  if (value.length < 5 || typeof topic !== 'string' || typeof event !== 'string') {
    throw new MalformedMessage('expected V2 array [join_ref, ref, topic, event, payload]', at);
  }
  return { kind: 'message', joinRef: at.joinRef, ref: at.ref, topic, event, payload };
}

/** Reads length-prefixed fields from a binary frame, refusing to read past its end. */
class Fields {
  private offset: number;
  constructor(
    private readonly data: Buffer,
    headerLength: number,
  ) {
    if (data.length < headerLength) throw new MalformedMessage('binary frame shorter than its header');
    this.offset = headerLength;
  }
  take(length: number): Buffer {
    if (this.offset + length > this.data.length) throw new MalformedMessage('binary frame shorter than its header says');
    const slice = this.data.subarray(this.offset, this.offset + length);
    this.offset += length;
    return slice;
  }
  text(length: number): string {
    return this.take(length).toString('utf8');
  }
  rest(): Buffer {
    return this.data.subarray(this.offset);
  }
}

function decodeBinary(data: Buffer): Inbound {
  if (data.length === 0) throw new MalformedMessage('empty binary frame');
  const kind = data[0];
  if (kind === KIND_PUSH) {
    const f = new Fields(data, 5);
    const joinRef = f.text(data[1]!);
    const ref = f.text(data[2]!);
    const topic = f.text(data[3]!);
    const event = f.text(data[4]!);
    return { kind: 'message', joinRef: joinRef || null, ref: ref || null, topic, event, payload: Buffer.from(f.rest()) };
  }
  if (kind === KIND_USER_BROADCAST_PUSH) {
    const f = new Fields(data, 7);
    const joinRef = f.text(data[1]!);
    const ref = f.text(data[2]!);
    const topic = f.text(data[3]!);
    const userEvent = f.text(data[4]!);
    f.take(data[5]!); // metadata: the client's own, and nothing the server acts on
    const encoding = data[6] === 0 ? 'binary' : 'json';
    return { kind: 'user-broadcast', joinRef: joinRef || null, ref: ref || null, topic, userEvent, encoding, payload: Buffer.from(f.rest()) };
  }
  throw new MalformedMessage(`unknown binary frame kind ${kind}`);
}

/** A message to send; the payload is JSON text already, so raw fragments (row records) pass untouched. */
export interface Outbound {
  joinRef: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payloadJson: string;
}

export function encodeText(vsn: Vsn, m: Outbound): string {
  const s = JSON.stringify;
  if (vsn === VSN_1) {
    return `{"topic":${s(m.topic)},"event":${s(m.event)},"payload":${m.payloadJson},"ref":${s(m.ref)},"join_ref":${s(m.joinRef)}}`;
  }
  return `[${s(m.joinRef)},${s(m.ref)},${s(m.topic)},${s(m.event)},${m.payloadJson}]`;
}

/**
 * A broadcast as a vsn 2.0.0 client receives it from a binary push: kind 4, the topic, the user
 * event, no metadata, the encoding, then the payload's bytes. Undefined when a field is too long
 * for the one-byte lengths.
 */
export function encodeUserBroadcast(topic: string, userEvent: string, encoding: 'json' | 'binary', payload: Buffer): Buffer | undefined {
  const topicBytes = Buffer.from(topic, 'utf8');
  const eventBytes = Buffer.from(userEvent, 'utf8');
  if (topicBytes.length > MAX_HEADER_FIELD || eventBytes.length > MAX_HEADER_FIELD) return undefined;
  const header = Buffer.from([KIND_USER_BROADCAST, topicBytes.length, eventBytes.length, 0, encoding === 'json' ? 1 : 0]);
  return Buffer.concat([header, topicBytes, eventBytes, payload]);
}
