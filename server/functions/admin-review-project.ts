import { readJson } from '../auth/http.ts';
import type { ServerContext } from '../context.ts';
import { isPgError } from '../db/database.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { escapeHtml } from '../mail/templates.ts';
import { asCaller, authenticate } from '../security/request-auth.ts';
import { FunctionError, type ServerFunction } from './types.ts';

interface Reviewed {
  id: string;
  title: string;
  creator_id: string;
  status: string;
  rejection_reason: string | null;
  deleted: boolean;
}

const ACTIONS = new Set(['approve', 'reject', 'feature', 'unfeature', 'delete']);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The database's refusals keep their words; only the HTTP status is chosen here. */
function statusFor(code: string): number {
  if (code === '42501') return 403;
  if (code === 'P0002') return 404;
  return 400;
}

function makerMail(to: string, siteName: string, siteUrl: string, p: Reviewed): MailMessage {
  const approved = p.status === 'approved';
  const subject = approved ? `Your project “${p.title}” is live on ${siteName}` : `Your project “${p.title}” was not approved`;
  const lines = approved
    ? [`Good news: the team approved “${p.title}”. It now appears in the showcase.`]
    : [`The team reviewed “${p.title}” and did not approve it this time.`, `Reason: ${p.rejection_reason ?? ''}`,
       'You can update the project and submit it again from My Projects.'];
  const link = approved ? `${siteUrl}/projects/${p.id}` : `${siteUrl}/my-projects`;
  const label = approved ? 'View your project' : 'Open My Projects';
  return {
    to,
    subject,
    text: [...lines, `${label}:\n${link}`, `— ${siteName}`].join('\n\n') + '\n',
    html: `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5">${lines
      .map((l) => `<p>${escapeHtml(l)}</p>`)
      .join('')}<p><a href="${escapeHtml(link)}">${escapeHtml(label)}</a></p><p>— ${escapeHtml(siteName)}</p></body></html>`,
  };
}

/** Mail failures never undo a review: the decision is already committed and shown to the maker. */
async function notifyMaker(ctx: ServerContext, p: Reviewed): Promise<boolean> {
  const { rows } = await ctx.db.query<{ email: string | null; site_name: string; email_notifications: boolean }>(
    `select u.email, s.site_name, s.email_notifications
       from public.site_settings s left join auth.users u on u.id = $1
      where s.id`,
    [p.creator_id],
  );
  const row = rows[0];
  if (!row?.email_notifications || !row.email) return false;
  try {
    await ctx.mailer.send(makerMail(row.email, row.site_name, ctx.config.SITE_URL, p));
    return true;
  } catch (err) {
    console.error('review e-mail failed:', err);
    return false;
  }
}

/**
 * Admin › Projects: { projectId, action: approve|reject|feature|unfeature|delete, reason? }.
 * review_project() runs as the caller, so the database decides who may do what; this function
 * adds what SQL cannot do: e-mail the maker on approve and reject when Email Notifications is on.
 */
export const adminReviewProject: ServerFunction = async (ctx, c) => {
  let auth;
  try {
    auth = await authenticate(c, ctx.keys);
  } catch {
    throw new FunctionError(401, 'no_authorization', 'Sign in to do this');
  }
  if (auth.role !== 'authenticated') throw new FunctionError(401, 'no_authorization', 'Sign in to do this');
  const body = await readJson(c);
  const { projectId, action, reason } = body as { projectId?: unknown; action?: unknown; reason?: unknown };
  if (typeof projectId !== 'string' || !UUID.test(projectId)) throw new FunctionError(400, 'validation_failed', 'projectId must be a project id');
  if (typeof action !== 'string' || !ACTIONS.has(action)) {
    throw new FunctionError(400, 'validation_failed', 'action must be approve, reject, feature, unfeature or delete');
  }
  if (reason !== undefined && reason !== null && typeof reason !== 'string') {
    throw new FunctionError(400, 'validation_failed', 'reason must be text');
  }

  let project: Reviewed;
  try {
    project = await asCaller(ctx.db, auth, async (tx) => {
      const { rows } = await tx.query<{ r: Reviewed }>('select public.review_project($1, $2, $3) as r', [projectId, action, reason ?? null]);
      return rows[0]!.r;
    });
  } catch (err) {
    if (isPgError(err)) throw new FunctionError(statusFor(err.code), 'review_refused', err.message);
    throw err;
  }
  const notified = action === 'approve' || action === 'reject' ? await notifyMaker(ctx, project) : false;
  return c.json({ project, notified });
};
