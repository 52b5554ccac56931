import { randomUUID } from 'node:crypto';

/** The `config` of a phx_join, read leniently as Supabase does (booleans may come as strings). */
export interface JoinConfig {
  broadcastSelf: boolean;
  broadcastAck: boolean;
  /** The client asked to be told when the change stream is ready (realtime-js `replication_ready`). */
  replicationReady: boolean;
  presenceEnabled: boolean;
  /** The key this channel's presence is tracked under; a fresh one when the client gives none. */
  presenceKey: string;
  private: boolean;
  /** The postgres_changes bindings as sent (nulls dropped), or undefined when one is not an object. */
  postgresChanges: Record<string, unknown>[] | undefined;
}

const asObject = (v: unknown): Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

function flexibleBoolean(v: unknown): boolean {
  if (typeof v === 'boolean') return v;
  return typeof v === 'string' && v.toLowerCase() === 'true';
}

export function readJoinConfig(payload: unknown): JoinConfig {
  const config = asObject(asObject(payload).config);
  const broadcast = asObject(config.broadcast);
  const presence = asObject(config.presence);
  const key = presence.key;
  const changes = config.postgres_changes;
  const list = Array.isArray(changes) ? changes.filter((c) => c !== null && c !== undefined) : [];
  const valid = list.every((c) => typeof c === 'object' && !Array.isArray(c));
  return {
    broadcastSelf: flexibleBoolean(broadcast.self),
    broadcastAck: flexibleBoolean(broadcast.ack),
    replicationReady: flexibleBoolean(broadcast.replication_ready),
    presenceEnabled: flexibleBoolean(presence.enabled),
    presenceKey: key === undefined || key === null || key === '' ? randomUUID() : String(key),
    private: flexibleBoolean(config.private),
    postgresChanges: valid ? (list as Record<string, unknown>[]) : undefined,
  };
}

/** The access token a join carries (`access_token`, or the older `user_token`), if any. */
export function joinToken(payload: unknown): string | undefined {
  const p = asObject(payload);
  const token = p.access_token ?? p.user_token;
  return typeof token === 'string' && token !== '' ? token : undefined;
}
