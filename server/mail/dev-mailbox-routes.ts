import { createHash, timingSafeEqual } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { isLoopback, isLoopbackHost, socketAddress } from '../http/client-ip.ts';
import type { DevMailbox, StoredMail } from './dev-mailbox.ts';
import { escapeHtml } from './templates.ts';

/** Headers a proxy adds: a request that went through one did not come from this machine's user. */
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-real-ip'];

/** The page's own styles, allowed by hash rather than by loosening the site's CSP. */
const STYLE = `body{font-family:system-ui,sans-serif;max-width:50rem;margin:2rem auto;padding:0 1rem;color:#111;background:#fafafa}
article{background:#fff;border:1px solid #ddd;border-radius:.5rem;padding:1rem 1.25rem;margin:1rem 0}
h1{font-size:1.5rem}h2{font-size:1.1rem;margin:0 0 .25rem}.meta{color:#555;margin:0 0 .75rem}
pre{white-space:pre-wrap;font:inherit;margin:0}a{color:#1d4ed8;word-break:break-all}`;
const styleHash = createHash('sha256').update(STYLE).digest('base64');

function sameSecret(given: string, secret: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * /_dev/mailbox/<secret> and /_dev/mailbox/<secret>.json. Mounted only when SMTP_URL is unset and
 * SITE_URL is on loopback. Each request must come from a loopback socket, name a loopback Host
 * (a DNS-rebinding page names its own), carry no proxy header and know the secret: behind a
 * reverse proxy on the same host every request is loopback, so the socket alone proves nothing.
 * Anything else is the same 404 as an unknown path.
 */
export function devMailboxRoutes(mailbox: DevMailbox): Hono {
  const app = new Hono();
  const notFound = (c: Context) => c.text('Not Found', 404);
  const local = (c: Context) =>
    isLoopback(socketAddress(c)) && isLoopbackHost(c.req.header('host')) && FORWARDING_HEADERS.every((h) => c.req.header(h) === undefined);

  app.get('/mailbox/:key', (c) => {
    const key = c.req.param('key');
    const json = key.endsWith('.json');
    if (!local(c) || !sameSecret(json ? key.slice(0, -'.json'.length) : key, mailbox.secret)) return notFound(c);
    c.header('Cache-Control', 'no-store');
    c.header('Referrer-Policy', 'no-referrer');
    if (json) return c.json({ messages: mailbox.list() });
    c.header('Content-Security-Policy', `default-src 'none'; style-src 'sha256-${styleHash}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`);
    return c.html(page(mailbox.list()));
  });
  app.all('*', notFound);
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
<style>${STYLE}</style></head>
<body><h1>Dev mailbox</h1>
<p>Mail the server would have sent (SMTP_URL is not set). Newest first; reload to see new messages.</p>
${items || '<p>No messages yet.</p>'}
</body></html>`;
}

/** Escapes the text, then turns its http(s) links into anchors. */
function linkify(text: string): string {
  return escapeHtml(text).replace(/https?:\/\/[^\s<>"]+/g, (url) => `<a href="${url}">${url}</a>`);
}
