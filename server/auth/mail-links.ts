import type { ServerContext } from '../context.ts';
import type { Queryable } from '../db/database.ts';
import { confirmSignupMail, inviteMail, recoveryMail } from '../mail/templates.ts';
import { issueLinkToken, verifyLink } from './email-links.ts';
import { createFlowState, type PkceChallenge } from './pkce.ts';
import { readAuthSettings } from './settings.ts';
import type { UserRow } from './users.ts';

export type LinkKind = 'signup' | 'recovery' | 'invite';

const SENT_COLUMN: Record<LinkKind, string> = {
  signup: 'confirmation_sent_at',
  recovery: 'recovery_sent_at',
  invite: 'invited_at',
};

/**
 * Issues a one-time link for the user and e-mails it. With PKCE the link finishes a flow state,
 * so /verify answers with ?code= for the browser that holds the verifier. Runs inside the
 * caller's transaction: if sending fails, nothing about the attempt is kept.
 */
export async function sendLinkMail(
  ctx: ServerContext,
  tx: Queryable,
  user: Pick<UserRow, 'id' | 'email'>,
  kind: LinkKind,
  redirectTo: string,
  pkce?: PkceChallenge,
): Promise<void> {
  const flowStateId = pkce ? await linkFlowState(tx, pkce, user.id, kind) : undefined;
  const tokenType = kind === 'signup' ? 'confirmation_token' : kind === 'recovery' ? 'recovery_token' : 'invite_token';
  const secret = await issueLinkToken(tx, user.id, tokenType, user.email!, { flowStateId });
  await mailLink(ctx, tx, user, kind, secret, redirectTo);
}

/** The PKCE flow state a link of this kind finishes. */
export function linkFlowState(tx: Queryable, pkce: PkceChallenge, userId: string, kind: LinkKind): Promise<string> {
  return createFlowState(tx, pkce, { userId, provider: 'email', authenticationMethod: kind === 'signup' ? 'email/signup' : kind });
}

/** E-mails the /verify link for a secret already stored, and notes when it was sent. */
export async function mailLink(
  ctx: ServerContext,
  tx: Queryable,
  user: Pick<UserRow, 'id' | 'email'>,
  kind: LinkKind,
  secret: string,
  redirectTo: string,
): Promise<void> {
  const email = user.email!;
  await tx.query(`update auth.users set ${SENT_COLUMN[kind]} = now(), updated_at = now() where id = $1`, [user.id]);
  const { siteName } = await readAuthSettings(tx, ctx.config);
  const link = verifyLink(ctx.config, secret, kind, redirectTo);
  const mail =
    kind === 'signup'
      ? confirmSignupMail({ to: email, siteName, link })
      : kind === 'recovery'
        ? recoveryMail({ to: email, siteName, link })
        : inviteMail({ to: email, siteName, link });
  await ctx.mailer.send(mail);
}

/** GoTrue refuses a second e-mail of one kind to one address within this many seconds. */
export const EMAIL_MIN_INTERVAL_SECONDS = 60;

/** Seconds until another e-mail of this kind may go to the user (0: now), on the app's clock. */
export async function secondsUntilNextMail(tx: Queryable, userId: string, kind: LinkKind | 'reauthentication'): Promise<number> {
  const column = kind === 'reauthentication' ? 'reauthentication_sent_at' : SENT_COLUMN[kind];
  const { rows } = await tx.query<{ wait: number | null }>(
    `select ceil(extract(epoch from (${column} + make_interval(secs => $2) - showcase_private.app_now())))::int as wait
       from auth.users where id = $1`,
    [userId, EMAIL_MIN_INTERVAL_SECONDS],
  );
  return Math.max(0, rows[0]?.wait ?? 0);
}
