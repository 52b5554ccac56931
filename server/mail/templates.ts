import type { MailMessage } from './mailer.ts';

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);
}

interface LinkMail {
  to: string;
  siteName: string;
  link: string;
}

function compose(to: string, subject: string, paragraphs: string[], action?: { label: string; link: string }, footer?: string): MailMessage {
  const text = [
    ...paragraphs,
    ...(action ? [`${action.label}:\n${action.link}`] : []),
    ...(footer ? [footer] : []),
  ].join('\n\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#111;line-height:1.5">
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${action ? `<p><a href="${escapeHtml(action.link)}">${escapeHtml(action.label)}</a></p>` : ''}
${footer ? `<p style="color:#555;font-size:.9em">${escapeHtml(footer)}</p>` : ''}
</body></html>`;
  return { to, subject, text: text + '\n', html };
}

const ignore = (site: string) => `If you did not ask for this, you can ignore this e-mail. — ${site}`;

export function confirmSignupMail({ to, siteName, link }: LinkMail): MailMessage {
  return compose(
    to,
    `Confirm your e-mail for ${siteName}`,
    [`Welcome to ${siteName}!`, 'Please confirm your e-mail address to finish creating your account. The link works once and expires in 24 hours.'],
    { label: 'Confirm your e-mail', link },
    ignore(siteName),
  );
}

export function recoveryMail({ to, siteName, link }: LinkMail): MailMessage {
  return compose(
    to,
    `Reset your password for ${siteName}`,
    [`Someone asked to reset the password of your ${siteName} account.`, 'The link signs you in so you can choose a new password. It works once and expires in 1 hour.'],
    { label: 'Reset your password', link },
    ignore(siteName),
  );
}

export function inviteMail({ to, siteName, link }: LinkMail): MailMessage {
  return compose(
    to,
    `You have been invited to ${siteName}`,
    [`You have been invited to join ${siteName}.`, 'Open the link to accept the invitation and sign in; then set a password in your profile. The link expires in 24 hours.'],
    { label: 'Accept the invitation', link },
    ignore(siteName),
  );
}

export function reauthenticationMail({ to, siteName, code }: { to: string; siteName: string; code: string }): MailMessage {
  return compose(
    to,
    `Your ${siteName} verification code`,
    [`Enter this code to confirm it is you: ${code}`, 'It expires in 5 minutes.'],
    undefined,
    ignore(siteName),
  );
}

/** signInWithOtp's mail: a link and the same sign-in's code, for whichever the reader finds easier. */
export function signInMail({ to, siteName, link, code }: LinkMail & { code: string }): MailMessage {
  return compose(
    to,
    `Your sign-in link for ${siteName}`,
    [`Open the link to sign in to ${siteName}, or enter this code: ${code}`, 'The link and the code work once, for this sign-in only, and expire in 1 hour.'],
    { label: 'Sign in', link },
    ignore(siteName),
  );
}
