import type { Context } from 'hono';
import type { ServerContext } from '../context.ts';
import { parseEmail, readJson } from './http.ts';
import { secondsUntilNextMail, sendLinkMail } from './mail-links.ts';
import { parseChallenge } from './pkce.ts';
import { enforceAuthLimit } from './rate-limits.ts';
import { resolveRedirect } from './redirects.ts';
import { findUserByEmail, isBanned } from './users.ts';

/**
 * POST /recover: e-mails a link that signs the user in to choose a new password. Every address
 * gets the same answer: unknown, banned and recently mailed ones simply get no e-mail (L2).
 */
export async function recover(ctx: ServerContext, c: Context): Promise<Response> {
  await enforceAuthLimit(ctx, c, 'email');
  const body = await readJson(c);
  const email = parseEmail(body.email, 'Password recovery requires an email');
  const redirectTo = resolveRedirect(ctx.config, c.req.query('redirect_to'));
  const pkce = parseChallenge(body.code_challenge, body.code_challenge_method);
  await ctx.db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, email);
    if (!user || isBanned(user)) return;
    if ((await secondsUntilNextMail(tx, user.id, 'recovery')) > 0) return;
    await sendLinkMail(ctx, tx, user, 'recovery', redirectTo, pkce);
  });
  return c.json({});
}
