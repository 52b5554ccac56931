import { createHmac, randomUUID } from 'node:crypto';
import type { ServerContext } from '../context.ts';
import type { Queryable } from '../db/database.ts';
import { linkFlowState, mailLink, secondsUntilNextMail, sendLinkMail } from './mail-links.ts';
import { verifyPassword } from './passwords.ts';
import { addPendingSignup, contestPendingSignups, CONTESTED, renewOnlyPendingSignup, renewPendingSignup, waitingSignups } from './pending-signups.ts';
import type { PkceChallenge } from './pkce.ts';
import { ensureEmailIdentity, findUserByEmail, findUserById, userJson, type UserJson, type UserRow } from './users.ts';

/**
 * Sign-up and resend while e-mail confirmation is on (decision 100). What they answer depends on
 * nothing but the request: a new address, one waiting for confirmation and a registered one get
 * the same status and the same JSON, and per-address pacing sends nothing rather than refusing,
 * so neither endpoint tells anyone who is registered (findings L2, L3). Only an address's first
 * sign-up (or a repeat of it with the same password) gets a link that activates a password; a
 * different second sign-up gets a link that only confirms the address, and blanks the first's
 * password and name, so no mail for the address can hand the account to a stranger (M4, decision 105).
 */

export interface SignupRequest {
  email: string;
  data: Record<string, unknown>;
  redirectTo: string;
  pkce?: PkceChallenge;
}

export async function signupWithConfirmation(ctx: ServerContext, req: SignupRequest, password: string, encryptedPassword: string): Promise<UserJson> {
  return ctx.db.transaction(async (tx) => {
    const existing = await findUserByEmail(tx, req.email);
    if (existing?.email_confirmed_at) {
      // Nothing to keep and nothing to send; an id that is stable per address, as a waiting one's is.
      return answer(stableId(ctx, 'user', req.email), stableId(ctx, 'identity', req.email), req);
    }
    const user = existing ?? (await insertUnconfirmedUser(tx, req));
    const identityId = await emailIdentityId(tx, user);
    // Within the per-address interval nothing is kept or sent: the earlier link stays the one to follow.
    if ((await secondsUntilNextMail(tx, user.id, 'signup')) === 0) {
      const waiting = await waitingSignups(tx, user.id);
      const flowStateId = () => (req.pkce ? linkFlowState(tx, req.pkce, user.id, 'signup') : Promise.resolve(undefined));
      if (waiting.length === 0) {
        const secret = await addPendingSignup(tx, user.id, { encryptedPassword, metadata: req.data, flowStateId: await flowStateId() });
        await mailLink(ctx, tx, user, 'signup', secret, req.redirectTo);
      } else if (waiting.length === 1 && waiting[0]!.encryptedPassword !== CONTESTED && (await verifyPassword(waiting[0]!.encryptedPassword, password))) {
        // The same person again (they know the waiting password): their link, renewed.
        const secret = await renewPendingSignup(tx, waiting[0]!.id, await flowStateId());
        await mailLink(ctx, tx, user, 'signup', secret, req.redirectTo);
      } else {
        // Someone else: from now on no link for this address activates a password or a name.
        await contestPendingSignups(tx, user.id);
        await sendLinkMail(ctx, tx, user, 'signup', req.redirectTo, req.pkce);
      }
    }
    return answer(user.id, identityId, req);
  });
}

/**
 * POST /resend for a waiting address: the one waiting sign-up's link again (renewed), or, when
 * several wait and nobody can tell whose this is, a link that confirms the address and signs in
 * without activating any of their passwords. Unknown, confirmed or paced addresses: nothing.
 */
export async function resendConfirmation(ctx: ServerContext, email: string, redirectTo: string, pkce?: PkceChallenge): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, email);
    if (!user || user.email_confirmed_at) return;
    if ((await secondsUntilNextMail(tx, user.id, 'signup')) > 0) return;
    const secret = await renewOnlyPendingSignup(tx, user.id, pkce && (() => linkFlowState(tx, pkce, user.id, 'signup')));
    if (secret) await mailLink(ctx, tx, user, 'signup', secret, redirectTo);
    else await sendLinkMail(ctx, tx, user, 'signup', redirectTo, pkce);
  });
}

/**
 * The address's account, waiting for confirmation, without a password or a name: the confirmed
 * link of an uncontested sign-up brings them (a passwordless sign-in's link brings neither).
 */
export async function insertUnconfirmedUser(tx: Queryable, req: Pick<SignupRequest, 'email'>): Promise<UserRow> {
  const id = randomUUID();
  await tx.query(
    `insert into auth.users (id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data, raw_user_meta_data)
     values ($1, 'authenticated', 'authenticated', $2, null, null, $3, '{}'::jsonb)`,
    [id, req.email, JSON.stringify({ provider: 'email', providers: ['email'] })],
  );
  const user = (await findUserById(tx, id))!;
  await ensureEmailIdentity(tx, user, false);
  return user;
}

async function emailIdentityId(tx: Queryable, user: Pick<UserRow, 'id' | 'email'>): Promise<string> {
  const find = () => tx.query<{ id: string }>(`select id from auth.identities where user_id = $1 and provider = 'email'`, [user.id]);
  let { rows } = await find();
  if (!rows[0]) {
    await ensureEmailIdentity(tx, user, false);
    ({ rows } = await find());
  }
  return rows[0]!.id;
}

/** A UUID derived from the address under the server's secret: the same on every try, meaningless to others. */
function stableId(ctx: ServerContext, purpose: string, email: string): string {
  const h = createHmac('sha256', ctx.config.JWT_SECRET).update(`obfuscated-${purpose}:${email}`).digest('hex');
  const variant = ((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/**
 * GoTrue's answer to a sign-up awaiting confirmation, built from the request alone (its metadata,
 * the time now): stored data of an earlier sign-up of the address, or when it happened, never shows.
 */
function answer(userId: string, identityId: string, req: SignupRequest): UserJson {
  const now = new Date();
  const row: UserRow = {
    id: userId,
    aud: 'authenticated',
    role: 'authenticated',
    email: req.email,
    encrypted_password: null,
    email_confirmed_at: null,
    invited_at: null,
    confirmation_sent_at: now,
    recovery_sent_at: null,
    reauthentication_sent_at: null,
    last_sign_in_at: null,
    raw_app_meta_data: { provider: 'email', providers: ['email'] },
    raw_user_meta_data: req.data,
    created_at: now,
    updated_at: now,
    banned_until: null,
    deleted_at: null,
    is_anonymous: false,
  };
  return userJson(row, [
    {
      id: identityId,
      provider_id: userId,
      user_id: userId,
      identity_data: { sub: userId, email: req.email, email_verified: false, phone_verified: false },
      provider: 'email',
      last_sign_in_at: now,
      created_at: now,
      updated_at: now,
      email: req.email,
    },
  ]);
}
