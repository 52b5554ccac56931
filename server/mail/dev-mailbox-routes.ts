import { Hono, type Context, type Next } from 'hono';
import { isLoopback, socketAddress } from '../http/client-ip.ts';
import type { DevMailbox, StoredMail } from './dev-mailbox.ts';
import { escapeHtml } from './templates.ts';

/**
 * /_dev/mailbox and /_dev/mailbox.json. Mounted only when SMTP_URL is unset, and answering only
 * connections whose socket is loopback (never a forwarded header): the links in these messages
 * sign people in.
 */
export function devMailboxRoutes(mailbox: DevMailbox): Hono {
  const app = new Hono();
  const loopbackOnly = async (c: Context, next: Next) => {
    if (!isLoopback(socketAddress(c))) return c.text('Not Found', 404);
    await next();
  };
  app.use('*', loopbackOnly);
  app.get('/mailbox.json', (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ messages: mailbox.list() });
  });
  app.get('/mailbox', (c) => {
    c.header('Cache-Control', 'no-store');
    return c.html(page(mailbox.list()));
  });
  return app;
}

function page(messages: StoredMail[]): string {
  const items = messages
    .map(
      (m) => `<article>
  <h2>${escapeHtml(m.subject)}</h2>
  <p class="meta">To <strong>${escapeHtml(m.to)}</strong> · ${escapeHtml(new Date(m.created_at).toLocaleString('en-US'))}</p>
  <pre>${linkify(m.text)}</pre>
</article>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Dev mailbox</title>
<style>
body{font-family:system-ui,sans-serif;max-width:50rem;margin:2rem auto;padding:0 1rem;color:#111;background:#fafafa}
article{background:#fff;border:1px solid #ddd;border-radius:.5rem;padding:1rem 1.25rem;margin:1rem 0}
h1{font-size:1.5rem}h2{font-size:1.1rem;margin:0 0 .25rem}.meta{color:#555;margin:0 0 .75rem}
pre{white-space:pre-wrap;font:inherit;margin:0}a{color:#1d4ed8;word-break:break-all}
</style></head>
<body><h1>Dev mailbox</h1>
<p>Mail the server would have sent (SMTP_URL is not set). Newest first; reload to see new messages.</p>
${items || '<p>No messages yet.</p>'}
</body></html>`;
}

/** Escapes the text, then turns its http(s) links into anchors. */
function linkify(text: string): string {
  return escapeHtml(text).replace(/https?:\/\/[^\s<>"]+/g, (url) => `<a href="${url}">${url}</a>`);
}
