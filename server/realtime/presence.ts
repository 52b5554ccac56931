import { canRead, canWrite } from './authorization.ts';
import type { Channel } from './channel.ts';
import { TEXTS } from './protocol/messages.ts';
import type { RealtimeServices } from './services.ts';
import { VIEWERS_TOPIC_PREFIX } from './viewers.ts';

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * `presence` pushes: `track` (the payload becomes this channel's presence under its key; tracking
 * again replaces it) and `untrack`. Everyone on the topic, the tracker too, gets presence_diff.
 * The payload is the client's to describe itself; the server stores and relays it, and never
 * reads anything into it. On a private channel tracking needs the presence write policy.
 */
export async function handlePresence(s: RealtimeServices, channel: Channel, ref: string | null, payload: unknown): Promise<void> {
  const event = isPlainObject(payload) && typeof payload.event === 'string' ? payload.event.toLowerCase() : undefined;
  if (event === 'untrack') {
    s.hub.untrack(channel);
    s.presenceBudget.release(channel);
    return channel.reply(ref, 'ok', {});
  }
  if (event !== 'track') return channel.reply(ref, 'error', { reason: `UnknownPresenceEvent: ${event ?? 'missing event'}` });

  const given = (payload as Record<string, unknown>).payload ?? {};
  if (!isPlainObject(given)) return channel.reply(ref, 'error', { reason: TEXTS.presencePayload });
  // On a viewers topic the server only counts (decision 192): what a client says there is never
  // stored nor sent to anyone, so it costs nothing.
  const meta = channel.topicKey.startsWith(VIEWERS_TOPIC_PREFIX) ? {} : given;
  if (channel.isPrivate) {
    channel.policies.presenceWrite ??= await canWrite(s.db, channel.auth, channel.subTopic, 'presence');
    if (channel.policies.presenceRead === undefined) {
      channel.policies.presenceRead = (await canRead(s.db, channel.auth, channel.subTopic, ['presence'])).has('presence');
    }
    if (!channel.policies.presenceWrite) return channel.reply(ref, 'error', { reason: TEXTS.cannotWrite(channel.subTopic) });
  }
  if (channel.state !== 'joined') return;
  const charged = s.presenceBudget.charge(channel, Buffer.byteLength(JSON.stringify(meta)));
  if (charged === 'too-large') return channel.reply(ref, 'error', { reason: TEXTS.presenceTooLarge(s.presenceBudget.limits.maxPresenceBytes) });
  if (charged === 'over-budget') return channel.reply(ref, 'error', { reason: TEXTS.presenceOverBudget });
  channel.presenceEnabled = true;
  s.hub.track(channel, meta);
  channel.reply(ref, 'ok', {});
}
