import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DevMailbox } from '../../../server/mail/dev-mailbox.ts';
import { UNSUBSCRIBE_TOKEN_MAX_AGE_SECONDS } from '../../../server/notifications/unsubscribe-token.ts';
import { startTestServer, type TestServer, type TestUser } from '../../support/server.ts';
import { approvedProject, outbox, postComment } from './fixtures.ts';

/**
 * The unsubscribe link of every e-mail: one-click POST (RFC 8058) stops the stream at once, a GET
 * (what mail scanners do) changes nothing, and forged, altered or stale tokens change nothing.
 */
let server: TestServer;
let maker: TestUser;
let visitor: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  maker = await server.createUser({ email: 'maker@unsub.test', name: 'Mara' });
  visitor = await server.createUser({ email: 'visitor@unsub.test', name: 'Vic' });
});
afterAll(() => server?.close());

/** The https link from the List-Unsubscribe header of the newest mail to `to`, as a path. */
async function unsubscribeLinkTo(to: string): Promise<string> {
  await server.ctx.outbox.drain();
  const mail = (server.ctx.mailer as DevMailbox).list().find((m) => m.to === to);
  const header = mail?.headers?.['List-Unsubscribe'] ?? '';
  const url = header.match(/<(https?:[^>]+)>/)?.[1];
  if (!url) throw new Error(`no unsubscribe link in mail to ${to}`);
  return url.slice(server.url.length);
}

async function emailPreference(user: TestUser, type: string): Promise<string | undefined> {
  const { data } = await user.client.from('notification_preferences').select('email').eq('type', type);
  return (data as { email: string }[] | null)?.[0]?.email;
}

const oneClick = (path: string) =>
  fetch(server.url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'List-Unsubscribe=One-Click',
  });

describe('/unsubscribe', () => {
  it('GET shows the address, what stops and a button, and changes nothing', async () => {
    const projectId = await approvedProject(server, maker, 'Unsub One');
    await postComment(visitor, projectId, 'First comment');
    const link = await unsubscribeLinkTo('maker@unsub.test');

    for (let i = 0; i < 3; i++) {
      const res = await fetch(server.url + link);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
      const html = await res.text();
      expect(html).toContain('maker@unsub.test');
      expect(html).toContain('“Comments on your projects” e-mails');
      expect(html).toMatch(/<form method="post" action="\/unsubscribe\?token=[^"]+">/);
      expect(html).toContain('<button type="submit">Unsubscribe</button>');
    }
    expect(await emailPreference(maker, 'comment_on_project')).toBeUndefined();
  });

  it('one-click POST turns that e-mail off at once (in-app notices stay), and later comments send nothing', async () => {
    const projectId = await approvedProject(server, maker, 'Unsub Two');
    const link = await unsubscribeLinkTo('maker@unsub.test');
    const res = await oneClick(link);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('You are unsubscribed');
    const { data } = await maker.client.from('notification_preferences').select('type, in_app, email');
    expect(data).toEqual([{ type: 'comment_on_project', in_app: true, email: 'off' }]);

    const before = (await outbox(server, 'maker@unsub.test')).length;
    await postComment(visitor, projectId, 'Are you still there?');
    expect(await outbox(server, 'maker@unsub.test')).toHaveLength(before);
    const { count } = await maker.client.from('notifications').select('id', { count: 'exact', head: true }).eq('data->>project_title', 'Unsub Two');
    expect(count).toBe(1);
    // Posting again is harmless.
    expect((await oneClick(link)).status).toBe(200);
  });

  it('refuses a forged, altered or missing token with a clear page, changing nothing', async () => {
    const projectId = await approvedProject(server, visitor, 'Unsub Three');
    await postComment(maker, projectId, 'Hi Vic');
    const link = await unsubscribeLinkTo('visitor@unsub.test');
    const token = decodeURIComponent(link.split('token=')[1]!);
    const [payload, mac] = token.split('.') as [string, string];

    // Another address, signed with a guessed key; the real MAC on a changed payload; garbage.
    const otherPayload = Buffer.from(JSON.stringify({ a: 'maker@unsub.test', s: 'project_approved', t: Math.floor(Date.now() / 1000) })).toString('base64url');
    const forged = [`${otherPayload}.${mac}`, `${payload}.${mac.slice(0, -2)}xx`, 'not-a-token', '', `${payload}.${mac}.extra`];
    for (const bad of forged) {
      for (const method of ['GET', 'POST'] as const) {
        const res = await fetch(`${server.url}/unsubscribe?token=${encodeURIComponent(bad)}`, { method });
        expect(res.status).toBe(400);
        expect(await res.text()).toContain('This unsubscribe link is not valid');
      }
    }
    expect(await emailPreference(visitor, 'comment_on_project')).toBeUndefined();
    expect(await emailPreference(maker, 'project_approved')).toBeUndefined();
  });

  it('refuses a token past its age (a year), changing nothing', async () => {
    const stale = server.ctx.unsubscribeTokens.sign('visitor@unsub.test', 'comment_on_project', server.ctx.clock.nowSeconds() - UNSUBSCRIBE_TOKEN_MAX_AGE_SECONDS - 60);
    const res = await oneClick(`/unsubscribe?token=${encodeURIComponent(stale)}`);
    expect(res.status).toBe(410);
    expect(await res.text()).toContain('This unsubscribe link has expired');
    expect(await emailPreference(visitor, 'comment_on_project')).toBeUndefined();
    // Eleven months old still works.
    const older = server.ctx.unsubscribeTokens.sign('visitor@unsub.test', 'comment_on_project', server.ctx.clock.nowSeconds() - 330 * 86_400);
    expect((await oneClick(`/unsubscribe?token=${encodeURIComponent(older)}`)).status).toBe(200);
    expect(await emailPreference(visitor, 'comment_on_project')).toBe('off');
  });

  it('a token is no key to the data API, and an access token is no unsubscribe token', async () => {
    const token = server.ctx.unsubscribeTokens.sign('maker@unsub.test', 'comment_on_project');
    const { error } = await server.withToken(token).from('notifications').select('id');
    expect(error).not.toBeNull();
    const res = await fetch(`${server.url}/rest/v1/notifications?select=id`, { headers: { apikey: server.anonKey, authorization: `Bearer ${token}` } });
    expect(res.status).toBe(401);
    const asUnsubscribe = await oneClick(`/unsubscribe?token=${encodeURIComponent(maker.token)}`);
    expect(asUnsubscribe.status).toBe(400);
  });

  it('the digest link turns off every type the account had on the digest', async () => {
    const reader = await server.createUser({ email: 'reader@unsub.test' });
    for (const type of ['comment_on_project', 'project_upvotes']) {
      await reader.client.from('notification_preferences').upsert({ type, in_app: false, email: 'digest' }).select();
    }
    const token = server.ctx.unsubscribeTokens.sign('READER@unsub.test', 'digest');
    expect((await oneClick(`/unsubscribe?token=${encodeURIComponent(token)}`)).status).toBe(200);
    const { data } = await reader.client.from('notification_preferences').select('type, in_app, email').order('type');
    expect(data).toEqual([
      { type: 'comment_on_project', in_app: false, email: 'off' },
      { type: 'project_upvotes', in_app: false, email: 'off' },
    ]);
  });

  it('covers addresses without an account the same way: the newsletter drops them and suppresses the stream', async () => {
    await server.anon().rpc('subscribe_newsletter', { email: 'reader@elsewhere.test' });
    const token = server.ctx.unsubscribeTokens.sign('reader@elsewhere.test', 'newsletter');
    const page = await fetch(`${server.url}/unsubscribe?token=${encodeURIComponent(token)}`);
    expect(await page.text()).toContain('Stop sending the newsletter to <strong>reader@elsewhere.test</strong>');
    const subscribed = async () =>
      (await server.ctx.db.query(`select 1 from public.newsletter_subscriptions where email = 'reader@elsewhere.test'`)).rows.length;
    expect(await subscribed()).toBe(1);
    expect((await oneClick(`/unsubscribe?token=${encodeURIComponent(token)}`)).status).toBe(200);
    expect(await subscribed()).toBe(0);
    // Whatever later tries to mail that stream to that address is dropped at the door.
    const { rows } = await server.ctx.db.query<{ id: number | null }>(
      `select showcase_private.enqueue_email('Reader@Elsewhere.test', null, 'newsletter', 'notification', '{}') as id`,
    );
    expect(rows[0]!.id).toBeNull();
  });
});
