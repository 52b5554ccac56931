import { createHash } from 'node:crypto';
import type { Channel } from './channel.ts';

/**
 * Who a presence is, as the server counts people (decision 192): the client's network, plus the
 * user when the channel's token is a signed-in (not anonymous) user's. Visitors behind one address
 * without sign-in are one viewer; so are any number of sockets of one user on one network. Hashed,
 * as it travels between instances and nobody needs the address back. Its own module: the hub
 * stores it with each presence, and viewers.ts counts from the hub.
 */
export function viewerOf(channel: Channel): string {
  const { role, sub, is_anonymous } = channel.auth.claims;
  const user = role === 'authenticated' && typeof sub === 'string' && is_anonymous !== true ? sub : '';
  return createHash('sha256').update(`${channel.socket.clientNetwork}\n${user}`).digest('base64url').slice(0, 22);
}
