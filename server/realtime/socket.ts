import WebSocket, { type RawData } from 'ws';
import { handleBroadcast } from './broadcast.ts';
import type { Channel } from './channel.ts';
import { join, leave, refreshToken, type JoiningSocket } from './join.ts';
import { handlePresence } from './presence.ts';
import { EVENTS, PHOENIX_TOPIC, replyPayload, TEXTS } from './protocol/messages.ts';
import { decode, encodeText, MalformedMessage, type Inbound, type Outbound, type Vsn } from './protocol/serializer.ts';
import { RateWindow } from './limits.ts';
import { endChannel, type RealtimeServices } from './services.ts';

/** A client that sends nothing, not even its heartbeat (every 25 s), for this long is gone. */
const IDLE_MS = 60_000;

function toBuffer(data: RawData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  if (Array.isArray(data)) return Buffer.concat(data);
  return Buffer.from(data);
}

/**
 * One WebSocket connection: decodes frames for its protocol version, handles them one at a time
 * in arrival order (a join finishes before the next message is looked at, as in Phoenix), routes
 * them to its channels, and answers anything it cannot use with an error instead of failing.
 * A client that stops reading is dropped once its unsent data passes the limit; one that sends
 * faster than its messages are handled is read more slowly.
 */
export class RealtimeSocket implements JoiningSocket {
  readonly channels = new Map<string, Channel>();
  private queue: Promise<void> = Promise.resolve();
  private unhandledBytes = 0;
  private idle: NodeJS.Timeout | undefined;
  private readonly messageRate: RateWindow;
  /** Joins in the last second (join.ts takes from it). */
  readonly joinRate: RateWindow;
  open = true;

  constructor(
    private readonly ws: WebSocket,
    readonly vsn: Vsn,
    readonly connectToken: string,
    readonly clientNetwork: string,
    private readonly s: RealtimeServices,
    private readonly onGone: (socket: RealtimeSocket) => void,
  ) {
    this.messageRate = new RateWindow(s.limits.maxMessagesPerSecond);
    this.joinRate = new RateWindow(s.limits.maxJoinsPerSecond);
    ws.on('message', (data, isBinary) => {
      this.touch();
      const frame = toBuffer(data);
      this.unhandledBytes += frame.length;
      // A client sending faster than its messages are handled waits (TCP pushes back on it) rather than queueing here.
      if (this.unhandledBytes > this.s.limits.maxMessageBytes * 4) ws.pause();
      this.queue = this.queue
        .then(() => this.handle(frame, isBinary))
        .catch((err: Error) => this.s.log(`realtime: ${err.stack ?? err.message}`))
        .finally(() => {
          this.unhandledBytes -= frame.length;
          if (ws.isPaused && this.unhandledBytes <= this.s.limits.maxMessageBytes) ws.resume();
        });
    });
    ws.on('close', () => this.gone());
    ws.on('error', () => this.gone());
    this.touch();
  }

  push(message: Outbound): void {
    this.send(encodeText(this.vsn, message));
  }

  send(frame: string | Buffer): void {
    if (!this.open || this.ws.readyState !== WebSocket.OPEN) return;
    if (this.ws.bufferedAmount > this.s.limits.maxBufferedBytes) return this.drop();
    this.s.stats.messagesOut++;
    this.ws.send(frame);
  }

  forget(channel: Channel): void {
    if (this.channels.get(channel.topic) === channel) this.channels.delete(channel.topic);
  }

  /** Server shutdown: "going away", so clients reconnect (to another instance, or this one later). */
  close(code = 1001, reason = 'server shutting down'): void {
    if (this.ws.readyState === WebSocket.OPEN) this.ws.close(code, reason);
    else this.ws.terminate();
  }

  /** Resolves when the connection is closed (terminated after `graceMs` if the peer lingers). */
  closed(graceMs: number): Promise<void> {
    if (this.ws.readyState === WebSocket.CLOSED) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.ws.terminate(), graceMs);
      this.ws.once('close', () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  private touch(): void {
    clearTimeout(this.idle);
    this.idle = setTimeout(() => this.ws.close(1000, 'heartbeat timeout'), IDLE_MS);
    this.idle.unref();
  }

  /** The client is not reading: nothing more is queued for it, and its channels end. */
  private drop(): void {
    this.s.stats.dropped++;
    this.s.log(`realtime: dropped a client with more than ${this.s.limits.maxBufferedBytes} bytes unsent`);
    this.ws.terminate();
    this.gone();
  }

  private gone(): void {
    if (!this.open) return;
    this.open = false;
    clearTimeout(this.idle);
    for (const channel of [...this.channels.values()]) endChannel(this.s, channel, { kind: 'disconnected' });
    this.onGone(this);
  }

  private async handle(frame: Buffer, isBinary: boolean): Promise<void> {
    if (!this.open) return;
    let msg: Inbound;
    try {
      msg = decode(this.vsn, frame, isBinary);
    } catch (err) {
      if (!(err instanceof MalformedMessage)) throw err;
      return this.answerError(err.at, TEXTS.malformed(err.message));
    }
    if (frame.length > this.s.limits.maxMessageBytes) return this.answerError(msg, TEXTS.tooLarge(this.s.limits.maxMessageBytes));

    const channel = this.channels.get(msg.topic);
    this.s.guard.endRevoked(this.channels.values(), msg.kind === 'message' && msg.event === EVENTS.accessToken ? channel : undefined);
    if (msg.kind === 'message' && msg.topic === PHOENIX_TOPIC && msg.event === EVENTS.heartbeat) {
      return this.push({ joinRef: null, ref: msg.ref, topic: PHOENIX_TOPIC, event: EVENTS.reply, payloadJson: replyPayload('ok', {}) });
    }
    this.s.stats.messagesIn++;
    if (!this.messageRate.take(this.s.clock.nowMs())) {
      this.s.stats.refused.messages++;
      return this.answerError(msg, TEXTS.tooManyMessages);
    }
    if (msg.kind === 'message' && msg.event === EVENTS.join) return join(this.s, this, msg);
    if (!channel || channel.state !== 'joined') return this.answerError(msg, TEXTS.unmatchedTopic);
    if (msg.kind === 'user-broadcast') {
      return handleBroadcast(this.s, channel, msg.ref, { kind: 'framed', event: msg.userEvent, encoding: msg.encoding, bytes: msg.payload });
    }
    if (Buffer.isBuffer(msg.payload)) return channel.reply(msg.ref, 'error', { reason: TEXTS.malformed('binary payloads are only taken for broadcasts') });
    switch (msg.event) {
      case EVENTS.leave:
        return leave(this.s, channel, msg.ref);
      case EVENTS.accessToken:
        return refreshToken(this.s, channel, msg.payload);
      case EVENTS.broadcast:
        return handleBroadcast(this.s, channel, msg.ref, { kind: 'json', payload: msg.payload });
      case EVENTS.presence:
        return handlePresence(this.s, channel, msg.ref, msg.payload);
      default:
        return channel.reply(msg.ref, 'error', { reason: TEXTS.unexpectedEvent(msg.event) });
    }
  }

  /**
   * An error for a message: a phx_reply to it when its topic and ref could be read, else a
   * phx_error on the socket's own topic (nothing else could carry it).
   */
  private answerError(at: { joinRef?: string | null; ref?: string | null; topic?: string }, reason: string): void {
    if (at.topic !== undefined && at.ref) {
      return this.push({ joinRef: at.joinRef ?? null, ref: at.ref, topic: at.topic, event: EVENTS.reply, payloadJson: replyPayload('error', { reason }) });
    }
    this.push({ joinRef: null, ref: null, topic: PHOENIX_TOPIC, event: EVENTS.error, payloadJson: JSON.stringify({ reason }) });
  }
}
