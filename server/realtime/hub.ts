import { randomBytes } from 'node:crypto';
import type { Channel } from './channel.ts';
import type { Cluster, ClusterMessage, ClusterPeer, RemotePresence } from './cluster.ts';
import { EVENTS } from './protocol/messages.ts';
import { viewerOf } from './viewer-key.ts';
import { encodeText, encodeUserBroadcast, VSN_1, type Vsn } from './protocol/serializer.ts';

/**
 * A broadcast on its way to subscribers. The user payload is kept as the sender gave it (JSON
 * text, checked to be JSON, or bytes) and never read: the server relays it, it does not act on it.
 */
export interface BroadcastMessage {
  event: string;
  /** The user payload as JSON text (absent when the sender gave none). */
  json?: string;
  /** The user payload as bytes (vsn 2.0.0 senders, REST octet-stream). */
  binary?: Buffer;
  /** Arrived as a user-broadcast frame (or the single-message REST call): vsn 2.0.0 receivers get one too. */
  framed: boolean;
}

interface PresenceEntry {
  key: string;
  meta: Record<string, unknown> & { phx_ref: string };
  /** Who tracked it (viewerOf): set by the server, never sent to clients. */
  viewer?: string;
}

type Metas = Record<string, { metas: PresenceEntry['meta'][] }>;

/** Phoenix's presence refs are short random strings; the server, not the client, makes them. */
const newRef = () => randomBytes(12).toString('base64url');

/**
 * This process's topics: which channels joined each, what each tracks in presence. Broadcast and
 * presence of one topic reach every channel on it here; across several server instances they
 * would go through Postgres (decision 140).
 */
export class Hub implements ClusterPeer {
  private readonly topics = new Map<string, Set<Channel>>();
  private readonly presence = new Map<string, Map<Channel, PresenceEntry>>();
  /** Presences tracked on other instances (Postgres only): topic → phx_ref → entry and instance. */
  private readonly remote = new Map<string, Map<string, PresenceEntry & { instance: string }>>();
  /** Set on Postgres: what happens here is told to the other instances. */
  cluster: Cluster | undefined;
  /** Called after a topic's presence changed (here or on another instance). */
  onPresenceChange: ((topicKey: string) => void) | undefined;

  add(channel: Channel): void {
    let members = this.topics.get(channel.topicKey);
    if (!members) this.topics.set(channel.topicKey, (members = new Set()));
    members.add(channel);
  }

  remove(channel: Channel): void {
    this.untrack(channel);
    const members = this.topics.get(channel.topicKey);
    if (!members) return;
    members.delete(channel);
    if (members.size === 0) this.topics.delete(channel.topicKey);
  }

  channelCount(): number {
    let n = 0;
    for (const members of this.topics.values()) n += members.size;
    return n;
  }

  /** Sends to every channel on the topic that may read broadcasts, but the sender unless it asked for `self`. */
  broadcast(topicKey: string, message: BroadcastMessage, sender?: Channel): void {
    this.cluster?.publish({
      k: 'broadcast',
      t: topicKey,
      e: message.event,
      j: message.json,
      b: message.binary?.toString('base64'),
      f: message.framed,
    });
    this.deliver(topicKey, message, sender);
  }

  /** How many distinct viewers the topic's presences are, on every instance (one per presence when unknown). */
  viewerCount(topicKey: string): number {
    const viewers = new Set<string>();
    for (const { viewer, meta } of this.presence.get(topicKey)?.values() ?? []) viewers.add(viewer ?? meta.phx_ref);
    for (const { viewer, meta } of this.remote.get(topicKey)?.values() ?? []) viewers.add(viewer ?? meta.phx_ref);
    return viewers.size;
  }

  /** Sends to this instance's channels on the topic only (what another instance relayed, or the server's own). */
  deliver(topicKey: string, message: BroadcastMessage, sender?: Channel): void {
    const frames = new Map<Vsn, string | Buffer | null>();
    for (const channel of this.topics.get(topicKey) ?? []) {
      if (channel === sender && !sender.broadcastSelf) continue;
      if (!channel.receivesBroadcast()) continue;
      const vsn = channel.socket.vsn;
      if (!frames.has(vsn)) frames.set(vsn, broadcastFrame(vsn, channel.topic, message));
      const frame = frames.get(vsn);
      if (frame) channel.socket.send(frame);
    }
  }

  /** presence_state for one channel: every tracked presence of its topic, grouped by key. */
  presenceState(topicKey: string): string {
    const state: Metas = {};
    for (const { key, meta } of this.presence.get(topicKey)?.values() ?? []) (state[key] ??= { metas: [] }).metas.push(meta);
    for (const { key, meta } of this.remote.get(topicKey)?.values() ?? []) (state[key] ??= { metas: [] }).metas.push(meta);
    return JSON.stringify(state);
  }

  /** Tracks (or updates) the channel's presence; an unchanged payload changes nothing. */
  track(channel: Channel, payload: Record<string, unknown>, { evenIfUnchanged = false } = {}): void {
    let entries = this.presence.get(channel.topicKey);
    if (!entries) this.presence.set(channel.topicKey, (entries = new Map()));
    const previous = entries.get(channel);
    if (previous && !evenIfUnchanged && sameMeta(previous.meta, payload)) return;
    const { phx_ref: _ref, phx_ref_prev: _prev, ...fromClient } = payload;
    const meta: PresenceEntry['meta'] = { ...fromClient, phx_ref: newRef() };
    if (previous) meta.phx_ref_prev = previous.meta.phx_ref;
    const viewer = viewerOf(channel);
    entries.set(channel, { key: channel.presenceKey, meta, viewer });
    const joins: Metas = { [channel.presenceKey]: { metas: [meta] } };
    const leaves: Metas = previous ? { [previous.key]: { metas: [previous.meta] } } : {};
    this.cluster?.publish({ k: 'track', p: { t: channel.topicKey, key: channel.presenceKey, meta, v: viewer }, prev: previous?.meta.phx_ref });
    this.sendDiff(channel.topicKey, joins, leaves);
  }

  /**
   * The channel's token changed (a visitor signed in on an open page): when that changes who its
   * presence is (viewerOf), the presence is tracked again under the new viewer, so "viewing now"
   * counts the person they are now, here and on every instance.
   */
  reidentify(channel: Channel): void {
    const previous = this.presence.get(channel.topicKey)?.get(channel);
    if (!previous || previous.viewer === viewerOf(channel)) return;
    const { phx_ref: _ref, phx_ref_prev: _prev, ...fromClient } = previous.meta;
    this.track(channel, fromClient, { evenIfUnchanged: true });
  }

  untrack(channel: Channel): void {
    const entries = this.presence.get(channel.topicKey);
    const previous = entries?.get(channel);
    if (!entries || !previous) return;
    entries.delete(channel);
    if (entries.size === 0) this.presence.delete(channel.topicKey);
    this.cluster?.publish({ k: 'untrack', t: channel.topicKey, ref: previous.meta.phx_ref });
    this.sendDiff(channel.topicKey, {}, { [previous.key]: { metas: [previous.meta] } });
  }

  // ClusterPeer: what the other instances did.

  receive(from: string, message: ClusterMessage): void {
    switch (message.k) {
      case 'broadcast':
        return this.deliver(message.t, {
          event: message.e,
          json: message.j,
          binary: message.b === undefined ? undefined : Buffer.from(message.b, 'base64'),
          framed: message.f,
        });
      case 'track': {
        const { t, key, meta, v } = message.p;
        let entries = this.remote.get(t);
        if (!entries) this.remote.set(t, (entries = new Map()));
        const previous = message.prev ? entries.get(message.prev) : undefined;
        if (previous) entries.delete(message.prev!);
        entries.set(meta.phx_ref, { key, meta, viewer: v, instance: from });
        return this.sendDiff(t, { [key]: { metas: [meta] } }, previous ? { [previous.key]: { metas: [previous.meta] } } : {});
      }
      case 'untrack': {
        const entries = this.remote.get(message.t);
        const previous = entries?.get(message.ref);
        if (!entries || !previous) return;
        entries.delete(message.ref);
        if (entries.size === 0) this.remote.delete(message.t);
        return this.sendDiff(message.t, {}, { [previous.key]: { metas: [previous.meta] } });
      }
      case 'state':
        return this.replaceInstance(from, message.entries);
      default:
        return;
    }
  }

  lost(instance: string): void {
    this.replaceInstance(instance, []);
  }

  localPresence(): RemotePresence[] {
    const all: RemotePresence[] = [];
    for (const [t, entries] of this.presence) for (const { key, meta, viewer } of entries.values()) all.push({ t, key, meta, v: viewer });
    return all;
  }

  /** An instance's presences are now exactly `entries`: the ones gone leave, the new ones join. */
  private replaceInstance(instance: string, entries: RemotePresence[]): void {
    const incoming = new Map(entries.map((e) => [e.meta.phx_ref, e]));
    const diffs = new Map<string, { joins: Metas; leaves: Metas }>();
    const diffOf = (t: string) => diffs.get(t) ?? diffs.set(t, { joins: {}, leaves: {} }).get(t)!;
    for (const [t, known] of this.remote) {
      for (const [ref, entry] of known) {
        if (entry.instance !== instance || incoming.has(ref)) continue;
        known.delete(ref);
        (diffOf(t).leaves[entry.key] ??= { metas: [] }).metas.push(entry.meta);
      }
      if (known.size === 0) this.remote.delete(t);
    }
    for (const { t, key, meta, v } of entries) {
      let known = this.remote.get(t);
      if (!known) this.remote.set(t, (known = new Map()));
      if (known.has(meta.phx_ref)) continue;
      known.set(meta.phx_ref, { key, meta, viewer: v, instance });
      (diffOf(t).joins[key] ??= { metas: [] }).metas.push(meta);
    }
    for (const [t, { joins, leaves }] of diffs) this.sendDiff(t, joins, leaves);
  }

  private sendDiff(topicKey: string, joins: Metas, leaves: Metas): void {
    this.onPresenceChange?.(topicKey);
    const payloadJson = JSON.stringify({ joins, leaves });
    const frames = new Map<Vsn, string>();
    for (const channel of this.topics.get(topicKey) ?? []) {
      if (!channel.receivesPresence()) continue;
      const vsn = channel.socket.vsn;
      let frame = frames.get(vsn);
      if (!frame) {
        frame = encodeText(vsn, { joinRef: null, ref: null, topic: channel.topic, event: EVENTS.presenceDiff, payloadJson });
        frames.set(vsn, frame);
      }
      channel.socket.send(frame);
    }
  }
}

/** Whether a new track payload equals the tracked one (the server's refs aside). */
function sameMeta(meta: PresenceEntry['meta'], payload: Record<string, unknown>): boolean {
  const { phx_ref: _ref, phx_ref_prev: _prev, ...tracked } = meta;
  const { phx_ref: _r, phx_ref_prev: _p, ...incoming } = payload;
  return JSON.stringify(tracked) === JSON.stringify(incoming);
}

/**
 * The frame one receiver gets: vsn 2.0.0 receivers of a framed broadcast get kind 4 (the only
 * binary frame realtime-js reads); everyone else gets the JSON message, which cannot carry bytes.
 */
function broadcastFrame(vsn: Vsn, topic: string, message: BroadcastMessage): string | Buffer | null {
  if (vsn !== VSN_1 && message.framed) {
    const frame = message.binary
      ? encodeUserBroadcast(topic, message.event, 'binary', message.binary)
      : encodeUserBroadcast(topic, message.event, 'json', Buffer.from(message.json ?? 'null', 'utf8'));
    if (frame) return frame;
  }
  if (message.binary) return null;
  const payload = message.json === undefined ? '' : `,"payload":${message.json}`;
  const payloadJson = `{"type":"broadcast","event":${JSON.stringify(message.event)}${payload}}`;
  return encodeText(vsn, { joinRef: null, ref: null, topic, event: EVENTS.broadcast, payloadJson });
}
