import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from '../../../server/config.ts';
import { DevMailbox } from '../../../server/mail/dev-mailbox.ts';
import { mailNotice } from '../../../server/mail/create-mailer.ts';
import { startServer } from '../../../server/server.ts';
import { cloneTemplate } from '../../support/databases.ts';
import { startTestServer, type TestServer } from '../../support/server.ts';
import { mailboxJsonUrl, uniqueEmail } from '../auth-support.ts';
import { rawRequest } from './raw-http.ts';

/**
 * H1: behind a reverse proxy on the same host every request reaches us from a loopback socket,
 * and the dev mailbox (every sign-in and recovery link) used to answer them all. L10: a page on a
 * rebinding domain reaches it from the developer's own browser, also loopback.
 */
let server: TestServer;
let victim: string;
beforeAll(async () => {
  server = await startTestServer({ AUTH_AUTOCONFIRM: 'false', TRUST_PROXY: '127.0.0.1' });
  victim = uniqueEmail('victim');
  await server.service().auth.admin.createUser({ email: victim, password: 'victim password 1', email_confirm: true });
});
afterAll(() => server?.close());

const port = () => new URL(server.url).port;

describe('the dev mailbox never serves a stranger', () => {
  it('a stranger behind a same-host proxy asks for a reset link and cannot read it from any mailbox path', async () => {
    const viaProxy = { 'x-forwarded-for': '203.0.113.7', host: `127.0.0.1:${port()}` };
    const recover = await rawRequest(`${server.url}/auth/v1/recover`, {
      method: 'POST',
      headers: { ...viaProxy, apikey: server.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email: victim }),
    });
    expect(recover.status).toBe(200);
    const secret = (server.ctx.mailer as DevMailbox).secret;
    for (const path of ['/_dev/mailbox.json', '/_dev/mailbox', `/_dev/mailbox/${secret}.json`, `/_dev/mailbox/${secret}`, `/_dev/mailbox/${'x'.repeat(secret.length)}.json`]) {
      const res = await rawRequest(`${server.url}${path}`, { headers: viaProxy });
      expect(res.status, path).toBe(404);
      expect(res.text, path).not.toContain('/auth/v1/verify');
    }
    // A proxy that adds no forwarding header (nginx's default) still has to know the secret.
    for (const path of ['/_dev/mailbox.json', `/_dev/mailbox/${'A'.repeat(secret.length)}.json`]) {
      expect((await rawRequest(`${server.url}${path}`, { headers: { host: `127.0.0.1:${port()}` } })).status, path).toBe(404);
    }
  });

  it('the developer on this machine reads it at the secret address printed at start', async () => {
    const mailer = server.ctx.mailer as DevMailbox;
    // Kept in DATA_DIR, so tests and scripts can find it.
    expect(readFileSync(join(server.dataDir, 'dev-mailbox-secret'), 'utf8').trim()).toBe(mailer.secret);
    expect(mailNotice(server.ctx.config, mailer)).toContain(`${server.url}/_dev/mailbox/${mailer.secret}`);
    const res = await fetch(mailboxJsonUrl(server));
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const { messages } = (await res.json()) as { messages: Array<{ to: string; links: string[] }> };
    expect(messages.find((m) => m.to === victim)?.links.some((l) => l.includes('/auth/v1/verify'))).toBe(true);
    const page = await fetch(mailboxJsonUrl(server).replace(/\.json$/, ''));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<h1>Dev mailbox</h1>');
  });

  it('with SITE_URL off this machine and no SMTP_URL, the server says mail goes to the log and mounts no mailbox', async () => {
    const lines: string[] = [];
    const config = loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
      JOBS_TICK_SECONDS: '0',
      AUTH_AUTOCONFIRM: 'false',
      SITE_URL: 'https://showcase.example',
      ADDITIONAL_REDIRECT_URLS: 'http://localhost',
      DATA_DIR: join(server.dataDir, 'public-site'),
    });
    const site = await startServer(config, { db: await cloneTemplate(), log: (l) => lines.push(l) });
    try {
      expect(site.ctx.mailer.kind).toBe('log');
      expect(mailNotice(config, site.ctx.mailer)).toMatch(/go to this log only, and no dev mailbox is served/);
      const email = uniqueEmail('public');
      const res = await fetch(`${site.url}/auth/v1/signup`, {
        method: 'POST',
        headers: { apikey: site.ctx.keys.anonKey, 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'a fine password 1' }),
      });
      expect(res.status).toBe(200);
      expect(lines.some((l) => l.includes(email) && l.includes('/auth/v1/verify'))).toBe(true);
      for (const path of ['/_dev/mailbox.json', `/_dev/mailbox/${config.DEV_MAILBOX_SECRET}.json`, `/_dev/mailbox/${config.DEV_MAILBOX_SECRET}`]) {
        const r = await fetch(`${site.url}${path}`);
        expect(await r.text(), path).not.toContain(email);
      }
    } finally {
      await site.close();
    }
  });

  it('with SMTP_URL set there is no mailbox at all', async () => {
    const smtp = await startTestServer({ SMTP_URL: 'smtp://127.0.0.1:1' });
    try {
      const res = await fetch(`${smtp.url}/_dev/mailbox/${smtp.ctx.config.DEV_MAILBOX_SECRET}.json`);
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain('messages');
    } finally {
      await smtp.close();
    }
  });
});

describe('DNS rebinding', () => {
  it('a loopback request that names another Host gets 404, even with the secret', async () => {
    const path = (server.ctx.mailer as DevMailbox).jsonPath;
    for (const host of ['evil.example', `evil.example:${port()}`, 'localhost.evil.example', '127.0.0.1.nip.io']) {
      const res = await rawRequest(`${server.url}${path}`, { headers: { host } });
      expect(res.status, host).toBe(404);
    }
    for (const host of [`localhost:${port()}`, `127.0.0.1:${port()}`]) {
      expect((await rawRequest(`${server.url}${path}`, { headers: { host } })).status, host).toBe(200);
    }
  });
});
