/** Phoenix's channel events and the texts Supabase Realtime answers with, in one place. */

export const PHOENIX_TOPIC = 'phoenix';
export const TOPIC_PREFIX = 'realtime:';

export const EVENTS = {
  join: 'phx_join',
  leave: 'phx_leave',
  reply: 'phx_reply',
  close: 'phx_close',
  error: 'phx_error',
  heartbeat: 'heartbeat',
  accessToken: 'access_token',
  broadcast: 'broadcast',
  presence: 'presence',
  presenceState: 'presence_state',
  presenceDiff: 'presence_diff',
  postgresChanges: 'postgres_changes',
  system: 'system',
} as const;

export const TEXTS = {
  unmatchedTopic: 'unmatched topic',
  topicRequired: 'TopicNameRequired: You must provide a topic name',
  subscribed: 'Subscribed to PostgreSQL',
  replicationReady: 'Replication connection established',
  replicationMissing: 'Replication connection was not established in time',
  tooManyChannels: 'ChannelRateLimitReached: Too many channels',
  tooManyJoins: 'ClientJoinRateLimitReached: Too many joins per second',
  tooManyMessages: 'MessagePerSecondRateLimitReached: Too many messages per second',
  tooManySockets: 'ConnectionRateLimitReached: Too many connected users',
  presencePayload: 'Presence track payload must be a map',
  presenceTooLarge: (limit: number) => `PresenceSizeExceeded: a presence may be at most ${limit} bytes`,
  presenceOverBudget: 'PresenceRateLimitReached: Too much presence tracked from this network',
  invalidJoinPayload: 'InvalidJoinPayload: unable to parse, expected an array of maps',
  cannotRead: (topic: string) => `Unauthorized: You do not have permissions to read from this Channel topic: ${topic}`,
  cannotWrite: (topic: string) => `Unauthorized: You do not have permissions to write to this Channel topic: ${topic}`,
  noLongerReadable: (topic: string) => `You no longer have permission to read from this Channel topic: ${topic}`,
  unexpectedEvent: (event: string) => `UnknownEvent: Unexpected message from client of type \`${event}\``,
  malformed: (detail: string) => `MalformedWebSocketMessage: ${detail}`,
  tooLarge: (limit: number) => `PayloadSizeExceeded: messages may be at most ${limit} bytes`,
} as const;

export type SystemExtension = 'system' | 'postgres_changes';

/** The payload of a `system` message, as Supabase sends it. */
export function systemPayload(extension: SystemExtension, status: 'ok' | 'error', message: string, channel: string): string {
  return JSON.stringify({ extension, status, message, channel });
}

export function replyPayload(status: 'ok' | 'error', response: unknown): string {
  return JSON.stringify({ status, response });
}
