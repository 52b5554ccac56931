import { canWrite } from './authorization.ts';
import type { Channel } from './channel.ts';
import type { BroadcastMessage } from './hub.ts';
import { TEXTS } from './protocol/messages.ts';
import type { RealtimeServices } from './services.ts';

/** A broadcast as it arrived: a JSON push ({type, event, payload}) or a vsn 2.0.0 binary frame. */
export type InboundBroadcast =
  | { kind: 'json'; payload: unknown }
  | { kind: 'framed'; event: string; encoding: 'json' | 'binary'; bytes: Buffer };

/** Whether `text` is JSON, without keeping what it says. */
function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * The message to relay, built from what the sender may decide (an event name and an opaque
 * payload) and nothing else: keys a client adds beside them are not passed on, and a JSON
 * payload that is not JSON is refused rather than handed to other clients' parsers.
 */
export function toBroadcast(input: InboundBroadcast): BroadcastMessage | string {
  if (input.kind === 'framed') {
    if (input.encoding === 'binary') return { event: input.event, binary: input.bytes, framed: true };
    const json = input.bytes.toString('utf8');
    return isJson(json) ? { event: input.event, json, framed: true } : TEXTS.malformed('the broadcast payload is not JSON');
  }
  const p = input.payload;
  if (typeof p !== 'object' || p === null || Array.isArray(p) || typeof (p as Record<string, unknown>).event !== 'string') {
    return TEXTS.malformed('a broadcast needs {type, event, payload} with an event name');
  }
  const { event, payload } = p as { event: string; payload?: unknown };
  return { event, json: payload === undefined ? undefined : JSON.stringify(payload), framed: false };
}

/**
 * A broadcast pushed on a joined channel: relayed to the topic (the sender too with `self`),
 * acknowledged with `ack`. On a private channel the sender must be allowed to write the topic
 * (realtime.messages' insert policies, checked once per token).
 */
export async function handleBroadcast(s: RealtimeServices, channel: Channel, ref: string | null, input: InboundBroadcast): Promise<void> {
  const message = toBroadcast(input);
  if (typeof message === 'string') return channel.reply(ref, 'error', { reason: message });
  if (channel.isPrivate) {
    channel.policies.broadcastWrite ??= await canWrite(s.db, channel.auth, channel.subTopic, 'broadcast');
    if (!channel.policies.broadcastWrite) {
      if (channel.broadcastAck) channel.reply(ref, 'error', { reason: TEXTS.cannotWrite(channel.subTopic) });
      return;
    }
  }
  if (channel.state !== 'joined') return;
  s.hub.broadcast(channel.topicKey, message, channel);
  if (channel.broadcastAck) channel.reply(ref, 'ok', {});
}
