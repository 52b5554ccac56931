import type { Outbound, Vsn } from './protocol/serializer.ts';
import { EVENTS, replyPayload, systemPayload, TOPIC_PREFIX, type SystemExtension } from './protocol/messages.ts';
import type { JoinConfig } from './join-config.ts';
import type { ChannelAuth } from './tokens.ts';

/** What a channel needs of the connection it lives on. */
export interface ChannelSocket {
  readonly vsn: Vsn;
  /** The client's network (clientNetworkKey of its address): who a viewer is, with the signed-in user. */
  readonly clientNetwork: string;
  push(message: Outbound): void;
  send(frame: string | Buffer): void;
  /** The channel ended: the socket stops routing its topic to it. */
  forget(channel: Channel): void;
}

/**
 * What a private channel's caller may do, from realtime.messages' policies: reads are checked at
 * join (and again when the token changes), writes the first time they are tried.
 */
export interface ChannelPolicies {
  broadcastRead: boolean;
  presenceRead?: boolean;
  broadcastWrite?: boolean;
  presenceWrite?: boolean;
}

/** One topic joined on one socket. */
export class Channel {
  state: 'joined' | 'closed' = 'joined';
  readonly subTopic: string;
  readonly isPrivate: boolean;
  /** Broadcast and presence are per topic and per kind: a private "room" is not the public "room". */
  readonly topicKey: string;
  readonly broadcastSelf: boolean;
  readonly broadcastAck: boolean;
  readonly presenceKey: string;
  presenceEnabled: boolean;
  policies: ChannelPolicies = { broadcastRead: true };
  /**
   * The token's auth session is gone (signed out, or ended by a ban): nothing more is sent to the
   * channel, and it ends when its socket next sends anything but a new token (decision 140).
   */
  revoked = false;
  /** The postgres_changes bindings as the client sent them, with the ids the join answered. */
  bindings: (Record<string, unknown> & { id: number })[] = [];

  constructor(
    readonly socket: ChannelSocket,
    readonly topic: string,
    readonly joinRef: string | null,
    config: JoinConfig,
    public auth: ChannelAuth,
  ) {
    this.subTopic = topic.slice(TOPIC_PREFIX.length);
    this.isPrivate = config.private;
    this.topicKey = `${config.private ? 'private' : 'public'}:${this.subTopic}`;
    this.broadcastSelf = config.broadcastSelf;
    this.broadcastAck = config.broadcastAck;
    this.presenceKey = config.presenceKey;
    this.presenceEnabled = config.presenceEnabled;
  }

  /** A message of this channel, sent as the channel's own (with its join_ref). */
  push(event: string, payloadJson: string): void {
    this.socket.push({ joinRef: this.joinRef, ref: null, topic: this.topic, event, payloadJson });
  }

  reply(ref: string | null, status: 'ok' | 'error', response: unknown = {}): void {
    this.socket.push({ joinRef: this.joinRef, ref, topic: this.topic, event: EVENTS.reply, payloadJson: replyPayload(status, response) });
  }

  system(extension: SystemExtension, status: 'ok' | 'error', message: string): void {
    this.push(EVENTS.system, systemPayload(extension, status, message, this.subTopic));
  }

  /** phx_close: the client closes its channel (ref is the join's, as Phoenix sends it). */
  sendClose(): void {
    this.socket.push({ joinRef: this.joinRef, ref: this.joinRef, topic: this.topic, event: EVENTS.close, payloadJson: '{}' });
  }

  /** A change as the fan-out built it; Supabase sends these without a join_ref. */
  pushChange(payloadJson: string): void {
    if (this.state === 'closed' || this.revoked) return;
    this.socket.push({ joinRef: null, ref: null, topic: this.topic, event: EVENTS.postgresChanges, payloadJson });
  }

  /** Whether this channel may receive broadcasts / presence on its topic. */
  receivesBroadcast(): boolean {
    return !this.revoked && (!this.isPrivate || this.policies.broadcastRead);
  }

  receivesPresence(): boolean {
    return !this.revoked && (!this.isPrivate || this.policies.presenceRead === true);
  }
}
