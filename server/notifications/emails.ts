import {
  describeNotification,
  emailStreamLabel,
  formatDay,
  isEmailStream,
  isNotificationType,
  type NotificationData,
} from '../../domain/notifications.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { escapeHtml } from '../mail/templates.ts';
import type { UnsubscribeTokens } from './unsubscribe-token.ts';

/** A row of platform.email_outbox as the drain claims it. */
export interface OutboxRow {
  id: number;
  to_address: string;
  user_id: string | null;
  stream: string;
  template: string;
  payload: Record<string, unknown>;
  attempts: number;
}

export interface MailSite {
  siteName: string;
  /** The public origin links point to (SITE_URL). */
  siteUrl: string;
  /** The mailto in List-Unsubscribe. */
  unsubscribeAddress: string;
  tokens: UnsubscribeTokens;
}

interface Item {
  type?: unknown;
  data?: NotificationData;
  link?: string | null;
  actor_count?: number;
}

interface Line {
  title: string;
  body?: string;
  url?: string;
}

/**
 * Words one outbox row as an e-mail: plain text and HTML, the site's name, and the unsubscribe
 * link for its stream both in the footer and as List-Unsubscribe with RFC 8058 one-click.
 */
export function renderOutboxMail(row: OutboxRow, site: MailSite): MailMessage {
  return { ...renderOutboxContent(row, site), messageId: outboxMessageId(row, site) };
}

/**
 * The Message-ID of an outbox row: the same on every attempt, so when a worker dies between
 * sending and recording the send (delivery is at least once, decision 151), mail systems that
 * drop repeated Message-IDs drop the second copy.
 */
export function outboxMessageId(row: Pick<OutboxRow, 'id'>, site: Pick<MailSite, 'siteUrl'>): string {
  return `<outbox.${row.id}@${new URL(site.siteUrl).hostname}>`;
}

function renderOutboxContent(row: OutboxRow, site: MailSite): MailMessage {
  if (!isEmailStream(row.stream)) throw new Error(`outbox row ${row.id}: unknown stream ${row.stream}`);
  const token = site.tokens.sign(row.to_address, row.stream);
  const unsubscribeUrl = `${site.siteUrl}/unsubscribe?token=${encodeURIComponent(token)}`;
  const unsubscribeMailto = `mailto:${site.unsubscribeAddress}?subject=${encodeURIComponent(`unsubscribe ${token}`)}`;
  const headers = {
    'List-Unsubscribe': `<${unsubscribeUrl}>, <${unsubscribeMailto}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
  const footer = {
    why: `You get this e-mail because of your notification settings on ${site.siteName}.`,
    settingsUrl: `${site.siteUrl}/settings/notifications`,
    unsubscribeLabel: `Unsubscribe from ${emailStreamLabel(row.stream)}`,
    unsubscribeUrl,
  };

  if (row.template === 'notification') {
    const line = describe(row.payload as Item, site.siteUrl, (row.payload.data as NotificationData | undefined)?.day);
    return compose(row.to_address, line.title, [line], footer, headers, line.url ? 'Open' : undefined);
  }
  if (row.template === 'digest') {
    const items = (row.payload.items as Item[] | undefined) ?? [];
    const total = Number(row.payload.total ?? items.length);
    const day = typeof row.payload.day === 'string' ? row.payload.day : undefined;
    const lines = items.map((item) => describe(item, site.siteUrl, day));
    const more = total - lines.length;
    const subject = `Your ${site.siteName} digest: ${total} new ${total === 1 ? 'notification' : 'notifications'}`;
    const intro = `Here is what happened on ${site.siteName} since your last digest.`;
    const outro = more > 0 ? { title: `…and ${more} more`, url: `${site.siteUrl}/notifications` } : undefined;
    return compose(row.to_address, subject, [{ title: intro }, ...lines, ...(outro ? [outro] : [])], footer, headers);
  }
  if (row.template === 'launch_reminder_confirm' || row.template === 'launch_reminder') {
    // Sent to an address a signed-out visitor left on /upcoming (db/migrations/0210): no account, no settings page.
    const project = String(row.payload.project_title ?? 'a project');
    const url = siteLink(site.siteUrl, row.payload.link as string | undefined);
    const asked = { ...footer, why: `You get this e-mail because this address asked ${site.siteName} about ${project}'s launch.`, settingsUrl: undefined };
    if (row.template === 'launch_reminder') {
      return compose(row.to_address, `${project} is live`, [{ title: `${project} is live on ${site.siteName}`, body: 'You asked us to tell you when it launched.', url }], asked, headers, 'See the launch');
    }
    // The address is not confirmed yet: no maker text (the title) in this one; the page it opens names the project.
    const day = typeof row.payload.launch_date === 'string' ? ` on ${formatDay(row.payload.launch_date)}` : '';
    return compose(
      row.to_address,
      `Confirm your launch reminder on ${site.siteName}`,
      [{ title: `Confirm that you want one e-mail when the project you chose launches${day}.`, body: 'If you did not ask for this, ignore this e-mail: nothing more will be sent.', url }],
      { ...asked, why: `You get this e-mail because this address asked ${site.siteName} about a project's launch.` },
      headers,
      'Confirm',
    );
  }
  if (row.template === 'comaker_invitation') {
    // To an address without an account (db/migrations/0226): the site's own words only, nothing
    // the inviter typed (their name, the project's title), and no settings page it does not have.
    const url = siteLink(site.siteUrl, row.payload.link as string | undefined);
    const invited = { ...footer, why: `You get this e-mail because a maker on ${site.siteName} invited this address to a project.`, settingsUrl: undefined };
    return compose(
      row.to_address,
      `You are invited to make a project together on ${site.siteName}`,
      [{ title: `A maker on ${site.siteName} invited you to be a co-maker of their project.`, body: 'Sign up with this address to see the invitation. If you do not know about it, ignore this e-mail.', url }],
      invited,
      headers,
      'Sign up',
    );
  }
  throw new Error(`outbox row ${row.id}: unknown template ${row.template}`);
}

function describe(item: Item, siteUrl: string, today: string | undefined): Line {
  if (!isNotificationType(item.type)) return { title: 'You have a new notification', url: `${siteUrl}/notifications` };
  const { title, body } = describeNotification({ type: item.type, data: item.data ?? {}, actor_count: item.actor_count ?? 1 }, today);
  return { title, body, url: siteLink(siteUrl, item.link) };
}

/** Only paths on this site become links (the database writes them; never another host). */
function siteLink(siteUrl: string, path: string | null | undefined): string | undefined {
  if (!path || !path.startsWith('/') || path.startsWith('//')) return undefined;
  return `${siteUrl}${path}`;
}

function compose(
  to: string,
  subject: string,
  lines: Line[],
  // No settings link for an address without an account.
  footer: { why: string; settingsUrl: string | undefined; unsubscribeLabel: string; unsubscribeUrl: string },
  headers: Record<string, string>,
  actionLabel?: string,
): MailMessage {
  const text = [
    ...lines.map((l) => [l.title, l.body, l.url ? (actionLabel ? `${actionLabel}: ${l.url}` : l.url) : undefined].filter(Boolean).join('\n')),
    '—',
    footer.why,
    footer.settingsUrl ? `Choose what we send you: ${footer.settingsUrl}` : undefined,
    `${footer.unsubscribeLabel}: ${footer.unsubscribeUrl}`,
  ].filter(Boolean).join('\n\n');

  const htmlLine = (l: Line) => {
    const title = l.url ? `<a href="${escapeHtml(l.url)}" style="color:#111;font-weight:600;text-decoration:none">${escapeHtml(l.title)}</a>` : `<strong>${escapeHtml(l.title)}</strong>`;
    const body = l.body ? `<br><span style="color:#444">${escapeHtml(l.body)}</span>` : '';
    const action = l.url && actionLabel
      ? `<p style="margin:16px 0 0"><a href="${escapeHtml(l.url)}" style="display:inline-block;background:#4f46e5;color:#fff;padding:8px 16px;border-radius:6px;text-decoration:none">${escapeHtml(actionLabel)}</a></p>`
      : '';
    return `<p style="margin:0 0 16px">${title}${body}</p>${action}`;
  };
  const html = `<!doctype html><html><body style="margin:0;padding:24px;background:#f6f6f7;font-family:system-ui,-apple-system,sans-serif;color:#111;line-height:1.5">
<div style="max-width:560px;margin:0 auto;background:#fff;border:1px solid #e5e5e5;border-radius:8px;padding:24px">
${lines.map(htmlLine).join('\n')}
</div>
<p style="max-width:560px;margin:16px auto 0;color:#666;font-size:13px">${escapeHtml(footer.why)}
${footer.settingsUrl ? `<a href="${escapeHtml(footer.settingsUrl)}" style="color:#666">Choose what we send you</a> ·` : ''}
<a href="${escapeHtml(footer.unsubscribeUrl)}" style="color:#666">${escapeHtml(footer.unsubscribeLabel)}</a></p>
</body></html>`;
  // A title may hold a line break; a header may not.
  return { to, subject: subject.replace(/\s+/g, ' ').trim(), text: text + '\n', html, headers };
}
