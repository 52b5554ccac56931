import { createHash } from 'node:crypto';
import { canRead, type Extension } from './authorization.ts';
import { Channel, type ChannelSocket } from './channel.ts';
import type { RateWindow } from './limits.ts';
import { joinToken, readJoinConfig } from './join-config.ts';
import { EVENTS, replyPayload, TEXTS, TOPIC_PREFIX } from './protocol/messages.ts';
import type { InboundMessage } from './protocol/serializer.ts';
import { endChannel, type RealtimeServices } from './services.ts';
import { checkToken, type ChannelAuth } from './tokens.ts';

/** The socket side a join needs: its channels and the token it connected with. */
export interface JoiningSocket extends ChannelSocket {
  readonly channels: Map<string, Channel>;
  readonly connectToken: string;
  /** False once the connection closed (a join may still be awaiting the database). */
  readonly open: boolean;
  /** Joins in the last second. */
  readonly joinRate: RateWindow;
}

/**
 * A binding's id, as Supabase gives it: a hash of its params (so equal bindings share one), a
 * non-negative integer that the client matches against `ids` in each change.
 */
export function bindingId(params: Record<string, unknown>): number {
  const canonical = JSON.stringify(Object.keys(params).sort().map((k) => [k, params[k]]));
  return createHash('sha1').update(canonical).digest().readUInt32BE(0) & 0x7ffffff;
}

/** Which reads a private channel's caller has on its topic; undefined when none (join refused). */
async function readPolicies(s: RealtimeServices, auth: ChannelAuth, topic: string, presence: boolean) {
  const wanted: Extension[] = presence ? ['broadcast', 'presence'] : ['broadcast'];
  const readable = await canRead(s.db, auth, topic, wanted);
  if (readable.size === 0) return undefined;
  return { broadcastRead: readable.has('broadcast'), presenceRead: presence ? readable.has('presence') : undefined };
}

/**
 * phx_join: checks the token (the join's access_token, else the socket's apikey) and, for a
 * private channel, that the caller may read the topic; records the postgres_changes bindings
 * before answering, so a change committed after SUBSCRIBED reaches the client; answers with the
 * bindings in the order sent, each with its id; then presence_state and the `system` message
 * about Postgres, as Supabase does.
 */
export async function join(s: RealtimeServices, socket: JoiningSocket, msg: InboundMessage): Promise<void> {
  const refuse = (reason: string) =>
    socket.push({ joinRef: msg.joinRef, ref: msg.ref, topic: msg.topic, event: EVENTS.reply, payloadJson: replyPayload('error', { reason }) });
  if (!msg.topic.startsWith(TOPIC_PREFIX)) return refuse(TEXTS.unmatchedTopic);
  if (msg.topic === TOPIC_PREFIX) return refuse(TEXTS.topicRequired);
  const config = readJoinConfig(msg.payload);
  if (!config.postgresChanges) return refuse(TEXTS.invalidJoinPayload);
  const existingChannel = socket.channels.get(msg.topic);
  if (!existingChannel && socket.channels.size >= s.limits.maxChannelsPerSocket) {
    s.stats.refused.channels++;
    return refuse(TEXTS.tooManyChannels);
  }
  if (!socket.joinRate.take(s.clock.nowMs())) {
    s.stats.refused.joins++;
    return refuse(TEXTS.tooManyJoins);
  }

  const given = joinToken(msg.payload);
  const token = given && !given.startsWith('sb_') ? given : socket.connectToken;
  const checked = await checkToken(s.keys, s.db, token);
  if (!checked.ok) return refuse(`${checked.refusal.code}: ${checked.refusal.message}`);

  const existing = socket.channels.get(msg.topic);
  if (existing) endChannel(s, existing, { kind: 'replaced' });
  else if (socket.channels.size >= s.limits.maxChannelsPerSocket) {
    s.stats.refused.channels++;
    return refuse(TEXTS.tooManyChannels);
  }

  const channel = new Channel(socket, msg.topic, msg.joinRef, config, checked.auth);
  if (channel.isPrivate) {
    const policies = await readPolicies(s, channel.auth, channel.subTopic, channel.presenceEnabled);
    if (!policies) return refuse(TEXTS.cannotRead(channel.subTopic));
    channel.policies = policies;
  }
  if (!socket.open) return;
  socket.channels.set(msg.topic, channel);
  channel.bindings = config.postgresChanges.map((params) => ({ ...params, id: bindingId(params) }));
  const subscribed = config.postgresChanges.length
    ? await s.feed.subscribe(
        channel,
        config.postgresChanges.map((params, i) => ({ id: channel.bindings[i]!.id, params })),
      )
    : undefined;
  if (channel.state !== 'joined' || socket.channels.get(msg.topic) !== channel) return;

  s.hub.add(channel);
  s.guard.watch(channel);
  s.stats.joins++;
  channel.reply(msg.ref, 'ok', { postgres_changes: channel.bindings });
  if (channel.presenceEnabled && channel.receivesPresence()) channel.push(EVENTS.presenceState, s.hub.presenceState(channel.topicKey));
  if (subscribed) channel.system('postgres_changes', subscribed.ok ? 'ok' : 'error', subscribed.ok ? TEXTS.subscribed : subscribed.error);
  if (config.replicationReady) {
    // Our stream is the change table, ready as soon as the server is; without it, Supabase's timeout answer.
    if (s.feed.ready) channel.system('system', 'ok', TEXTS.replicationReady);
    else endChannel(s, channel, { kind: 'shutdown', message: TEXTS.replicationMissing });
  }
}

/** phx_leave: ok, then the channel ends (presence leaves, subscriptions go) and phx_close follows. */
export function leave(s: RealtimeServices, channel: Channel, ref: string | null): void {
  channel.reply(ref, 'ok', {});
  endChannel(s, channel, { kind: 'left' });
}

/**
 * access_token: the client's token changed (refreshed, signed in, signed out). The channel acts
 * with the new one from now on; a token that does not verify ends the channel, as does a private
 * topic the new claims may no longer read. Bindings are checked again for the new role.
 */
export async function refreshToken(s: RealtimeServices, channel: Channel, payload: unknown): Promise<void> {
  const token = typeof payload === 'object' && payload !== null ? (payload as Record<string, unknown>).access_token : undefined;
  if (typeof token !== 'string' || token === '' || token.startsWith('sb_') || token === channel.auth.token) return;
  const checked = await checkToken(s.keys, s.db, token);
  if (channel.state !== 'joined') return;
  if (!checked.ok) return endChannel(s, channel, { kind: 'shutdown', message: checked.refusal.message });

  const before = channel.policies;
  channel.auth = checked.auth;
  channel.revoked = false;
  if (channel.isPrivate) {
    const now = (await readPolicies(s, channel.auth, channel.subTopic, before.presenceRead !== undefined)) ?? { broadcastRead: false, presenceRead: false };
    if (channel.state !== 'joined') return;
    if ((before.broadcastRead && !now.broadcastRead) || (before.presenceRead && !now.presenceRead)) {
      return endChannel(s, channel, { kind: 'shutdown', message: TEXTS.noLongerReadable(channel.subTopic) });
    }
    channel.policies = now;
  }
  s.hub.reidentify(channel);
  s.guard.watch(channel);
  if (channel.bindings.length) {
    const subscribed = await s.feed.subscribe(
      channel,
      channel.bindings.map(({ id, ...params }) => ({ id, params })),
    );
    if (channel.state === 'joined') channel.system('postgres_changes', subscribed.ok ? 'ok' : 'error', subscribed.ok ? TEXTS.subscribed : subscribed.error);
  }
}
