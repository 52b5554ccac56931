import { Hono } from 'hono';
import { emailStreamLabel } from '../../domain/notifications.ts';
import type { ServerContext } from '../context.ts';
import { escapeHtml } from '../mail/templates.ts';
import { UnsubscribeTokenError, type UnsubscribeRequest } from './unsubscribe-token.ts';

/**
 * /unsubscribe?token=… — the link in every product e-mail (docs/decisions/150).
 *   GET  shows what the link would stop and a button; it changes nothing, because mail scanners
 *        and link previews open links.
 *   POST unsubscribes at once: RFC 8058's one-click (the mail client posts
 *        List-Unsubscribe=One-Click) and the page's button alike.
 * A server-rendered page, not an SPA route: it works without JavaScript, from any device, signed
 * in or not, and costs the app's bundles nothing.
 */
export function unsubscribeRoutes(ctx: ServerContext): Hono {
  const app = new Hono();
  app.use('*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
    // The token is in the URL; it must not leave in a Referer.
    c.header('Referrer-Policy', 'no-referrer');
    c.header('X-Robots-Tag', 'noindex');
  });

  app.get('/', async (c) => {
    const site = await siteName(ctx);
    const checked = check(ctx, c.req.query('token'));
    if (checked instanceof UnsubscribeTokenError) return c.html(refusal(site, checked), statusOf(checked));
    const token = c.req.query('token')!;
    return c.html(
      page(site, 'Unsubscribe', `
  <h1>Unsubscribe?</h1>
  <p>Stop sending ${escapeHtml(emailStreamLabel(checked.stream))} to <strong>${escapeHtml(checked.address)}</strong>.</p>
  <form method="post" action="/unsubscribe?token=${escapeHtml(encodeURIComponent(token))}">
    <input type="hidden" name="List-Unsubscribe" value="One-Click">
    <button type="submit">Unsubscribe</button>
  </form>
  ${settingsHint(checked)}`),
    );
  });

  app.post('/', async (c) => {
    const site = await siteName(ctx);
    const checked = check(ctx, c.req.query('token'));
    if (checked instanceof UnsubscribeTokenError) return c.html(refusal(site, checked), statusOf(checked));
    await ctx.db.query('select showcase_private.unsubscribe_email($1, $2)', [checked.address, checked.stream]);
    return c.html(
      page(site, 'Unsubscribed', `
  <h1>You are unsubscribed</h1>
  <p>We will not send ${escapeHtml(emailStreamLabel(checked.stream))} to <strong>${escapeHtml(checked.address)}</strong> any more.</p>
  ${settingsHint(checked)}`),
    );
  });
  return app;
}

function check(ctx: ServerContext, token: string | undefined): UnsubscribeRequest | UnsubscribeTokenError {
  try {
    return ctx.unsubscribeTokens.verify(token ?? '');
  } catch (err) {
    if (err instanceof UnsubscribeTokenError) return err;
    throw err;
  }
}

const statusOf = (err: UnsubscribeTokenError) => (err.reason === 'expired' ? 410 : 400);

function settingsHint(request: UnsubscribeRequest): string {
  if (request.stream === 'newsletter') return '';
  return '<p class="hint">Signed in, you can choose every kind of notice and e-mail in <a href="/settings/notifications">your notification settings</a>.</p>';
}

function refusal(site: string, err: UnsubscribeTokenError): string {
  const why =
    err.reason === 'expired'
      ? 'It is more than a year old. Nothing was changed.'
      : 'It may have been cut short or changed. Nothing was changed.';
  return page(site, err.message, `
  <h1>${escapeHtml(err.message)}</h1>
  <p>${why}</p>
  <p class="hint">Sign in and open <a href="/settings/notifications">your notification settings</a> to choose what we send you.</p>`);
}

async function siteName(ctx: ServerContext): Promise<string> {
  const { rows } = await ctx.db.query<{ site_name: string }>('select site_name from public.site_settings where id');
  return rows[0]?.site_name ?? 'AI Showcase';
}

function page(site: string, title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · ${escapeHtml(site)}</title>
<style>
:root{color-scheme:light dark;--bg:#fafafa;--card:#fff;--fg:#111;--muted:#555;--border:#e5e5e5;--primary:#4f46e5}
@media (prefers-color-scheme:dark){:root{--bg:#0b0b0f;--card:#16161d;--fg:#f4f4f5;--muted:#a1a1aa;--border:#27272a;--primary:#818cf8}}
body{margin:0;font-family:system-ui,-apple-system,sans-serif;background:var(--bg);color:var(--fg);line-height:1.55}
header{padding:1.25rem 1.5rem;font-weight:600}header a{color:inherit;text-decoration:none}
main{max-width:32rem;margin:3rem auto;padding:2rem;background:var(--card);border:1px solid var(--border);border-radius:1rem}
@media (max-width:36rem){main{margin:1rem;padding:1.5rem}}
h1{font-size:1.5rem;margin:0 0 .75rem}p{margin:0 0 1rem}.hint{color:var(--muted);font-size:.925rem}
a{color:var(--primary)}strong{word-break:break-all}
button{font:inherit;font-weight:600;color:#fff;background:var(--primary);border:0;border-radius:.5rem;padding:.625rem 1.25rem;cursor:pointer;margin-bottom:1rem}
button:focus-visible{outline:2px solid var(--fg);outline-offset:2px}
</style></head>
<body><header><a href="/">${escapeHtml(site)}</a></header>
<main>${body}
</main></body></html>`;
}
