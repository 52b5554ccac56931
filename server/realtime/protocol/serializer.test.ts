import ClientSerializer from '@supabase/realtime-js/dist/main/lib/serializer.js';
import { describe, expect, it } from 'vitest';
import { decode, encodeText, encodeUserBroadcast, MalformedMessage, VSN_1, VSN_2 } from './serializer.ts';

// realtime-js's own serializer on the other end: what it writes we read, what we write it reads.
const client = new ClientSerializer();

function clientEncode(msg: { join_ref: string | null; ref: string | null; topic: string; event: string; payload: unknown }): string | ArrayBuffer {
  let out: string | ArrayBuffer = '';
  client.encode(msg as never, (r: string | ArrayBuffer) => (out = r));
  return out;
}

function clientDecode(frame: string | Buffer): { join_ref: unknown; ref: unknown; topic: string; event: string; payload: unknown } {
  let out: unknown;
  const raw = typeof frame === 'string' ? frame : frame.buffer.slice(frame.byteOffset, frame.byteOffset + frame.byteLength);
  client.decode(raw as never, (r: unknown) => (out = r));
  return out as never;
}

describe('vsn 2.0.0', () => {
  it('reads the text arrays realtime-js writes', () => {
    const frame = clientEncode({ join_ref: '1', ref: '2', topic: 'realtime:room', event: 'phx_join', payload: { config: {} } });
    expect(decode(VSN_2, Buffer.from(frame as string), false)).toEqual({
      kind: 'message',
      joinRef: '1',
      ref: '2',
      topic: 'realtime:room',
      event: 'phx_join',
      payload: { config: {} },
    });
  });

  it('reads the binary broadcast push realtime-js writes for a JSON payload and for bytes', () => {
    const json = clientEncode({ join_ref: '3', ref: '7', topic: 'realtime:room', event: 'broadcast', payload: { type: 'broadcast', event: 'cursor', payload: { x: 1 } } });
    expect(json).toBeInstanceOf(ArrayBuffer);
    const decoded = decode(VSN_2, Buffer.from(json as ArrayBuffer), true);
    expect(decoded).toMatchObject({ kind: 'user-broadcast', joinRef: '3', ref: '7', topic: 'realtime:room', userEvent: 'cursor', encoding: 'json' });
    expect(JSON.parse((decoded as { payload: Buffer }).payload.toString())).toEqual({ x: 1 });

    const bytes = new Uint8Array([1, 2, 255]).buffer;
    const binary = clientEncode({ join_ref: '3', ref: '8', topic: 'realtime:room', event: 'broadcast', payload: { type: 'broadcast', event: 'blob', payload: bytes } });
    const decodedBinary = decode(VSN_2, Buffer.from(binary as ArrayBuffer), true);
    expect(decodedBinary).toMatchObject({ kind: 'user-broadcast', userEvent: 'blob', encoding: 'binary' });
    expect([...(decodedBinary as { payload: Buffer }).payload]).toEqual([1, 2, 255]);
  });

  it('writes text arrays and kind-4 broadcasts realtime-js reads', () => {
    const text = encodeText(VSN_2, { joinRef: '1', ref: null, topic: 'realtime:room', event: 'system', payloadJson: '{"status":"ok"}' });
    expect(clientDecode(text)).toEqual({ join_ref: '1', ref: null, topic: 'realtime:room', event: 'system', payload: { status: 'ok' } });

    const frame = encodeUserBroadcast('realtime:room', 'cursor', 'json', Buffer.from('{"x":1}'))!;
    expect(clientDecode(frame)).toEqual({
      join_ref: null,
      ref: null,
      topic: 'realtime:room',
      event: 'broadcast',
      payload: { type: 'broadcast', event: 'cursor', payload: { x: 1 } },
    });
    const blob = clientDecode(encodeUserBroadcast('realtime:room', 'blob', 'binary', Buffer.from([9, 8]))!);
    expect([...new Uint8Array((blob.payload as { payload: ArrayBuffer }).payload)]).toEqual([9, 8]);
  });

  it('leaves binary framing to text when a field is longer than its one-byte length', () => {
    expect(encodeUserBroadcast('realtime:' + 'x'.repeat(300), 'e', 'json', Buffer.from('{}'))).toBeUndefined();
  });

  it('refuses what is not a message, keeping the ref when it can be read', () => {
    expect(() => decode(VSN_2, Buffer.from('{not json'), false)).toThrow(MalformedMessage);
    expect(() => decode(VSN_2, Buffer.from('{"topic":"x"}'), false)).toThrow(/expected V2 array/);
    try {
      decode(VSN_2, Buffer.from('[null,"5",42,"broadcast",{}]'), false);
      expect.unreachable();
    } catch (err) {
      expect((err as MalformedMessage).at.ref).toBe('5');
    }
    expect(() => decode(VSN_2, Buffer.from([3, 200, 0, 0, 0, 0, 1]), true)).toThrow(/shorter than its header says/);
    expect(() => decode(VSN_2, Buffer.from([9]), true)).toThrow(/unknown binary frame kind 9/);
    expect(() => decode(VSN_2, Buffer.alloc(0), true)).toThrow(/empty/);
  });
});

describe('vsn 1.0.0', () => {
  it('reads and writes JSON objects', () => {
    const inbound = JSON.stringify({ topic: 'phoenix', event: 'heartbeat', payload: {}, ref: '4' });
    expect(decode(VSN_1, Buffer.from(inbound), false)).toEqual({ kind: 'message', joinRef: null, ref: '4', topic: 'phoenix', event: 'heartbeat', payload: {} });
    const out = encodeText(VSN_1, { joinRef: null, ref: '4', topic: 'phoenix', event: 'phx_reply', payloadJson: '{"status":"ok","response":{}}' });
    expect(JSON.parse(out)).toEqual({ topic: 'phoenix', event: 'phx_reply', payload: { status: 'ok', response: {} }, ref: '4', join_ref: null });
  });

  it('refuses arrays, binary frames and objects without topic or event', () => {
    expect(() => decode(VSN_1, Buffer.from('[null,"1","t","e",{}]'), false)).toThrow(/JSON object/);
    expect(() => decode(VSN_1, Buffer.from([3]), true)).toThrow(/vsn 2.0.0/);
    expect(() => decode(VSN_1, Buffer.from('{"event":"x","payload":{},"ref":"1"}'), false)).toThrow(MalformedMessage);
  });
});
