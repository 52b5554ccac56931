import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSmtp, type TestSmtp } from '../../support/smtp.ts';
import { clientFor, startTestServer, type TestServer, type TestUser } from '../../support/server.ts';
import { approve, HOUR, launchMaker, launchSite, submit, TUESDAY_START } from './launch-fixtures.ts';

/**
 * /upcoming's "Notify me" for signed-out visitors (issue 16, db/migrations/0210): an address with
 * double opt-in, rate-limited like the newsletter, one e-mail at launch to confirmed addresses only.
 */
let smtp: TestSmtp;
let server: TestServer;
let maker: TestUser;
let upcoming: string;
let launched: string;

beforeAll(async () => {
  smtp = await startTestSmtp();
  server = await startTestServer({ SMTP_URL: smtp.url, SMTP_FROM: 'AI Showcase <hello@showcase.test>', RATE_LIMIT_NEWSLETTER: '3/3600', TRUST_PROXY: '127.0.0.1' });
  await launchSite(server);
  maker = await launchMaker(server, 'Ella Email');
  upcoming = (await submit(server, maker, { title: 'Inbox <Zero>', launch_date: '2031-03-11' })).data!.id as string;
  await approve(server, upcoming);
  launched = (await submit(server, maker, { title: 'Out Already' })).data!.id as string;
  await approve(server, launched);
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

/** A signed-out visitor's client from its own address (the limit counts per client IP). */
const visitor = (ip: string) => clientFor(server.url, server.anonKey, undefined, { 'x-forwarded-for': ip });
const mailTo = (address: string) => smtp.messages.filter((m) => JSON.stringify(m.to).includes(address));
const stored = async () =>
  (await server.ctx.db.query<{ email: string; confirmed: boolean }>(
    `select email, confirmed_at is not null as confirmed from showcase_private.launch_email_reminders order by email`,
  )).rows;
/** The confirmation link's token, from the e-mail's text. */
function tokenIn(text: string | undefined): string {
  const link = /\/upcoming\/confirm\?token=([0-9a-f]+)/.exec(text ?? '');
  if (!link) throw new Error(`no confirmation link in: ${text}`);
  return link[1]!;
}

describe('Notify me by e-mail', () => {
  it('refuses a bad address, a launched or unknown project, with a clear error and nothing stored', async () => {
    const client = visitor('10.1.0.1');
    const bad = await client.rpc('request_launch_email', { project_id: upcoming, email: 'not-an-address' });
    expect(bad.error?.message).toBe('Please enter a valid email address.');
    const live = await client.rpc('request_launch_email', { project_id: launched, email: 'ok@mail.test' });
    expect(live.error?.message).toBe('This project is not available');
    const unknown = await client.rpc('request_launch_email', { project_id: '00000000-0000-4000-8000-000000000000', email: 'ok@mail.test' });
    expect(unknown.error?.message).toBe('This project is not available');
    expect(await stored()).toEqual([]);
    await server.ctx.outbox.drain();
    expect(mailTo('ok@mail.test')).toEqual([]);
  });

  it('keeps the list to the server: visitors and members can neither read it nor write it directly', async () => {
    const member = await server.createUser();
    for (const client of [server.anon(), member.client]) {
      expect((await client.from('launch_email_reminders').select('*')).error).not.toBeNull();
      expect((await client.schema('showcase_private' as never).from('launch_email_reminders').select('*')).error).not.toBeNull();
    }
  });

  it('asks the address to confirm, answers a repeat the same without a second e-mail, and confirms by the link only', async () => {
    const client = visitor('10.1.0.2');
    expect(await client.rpc('request_launch_email', { project_id: upcoming, email: ' Fan@Mail.test ' })).toMatchObject({ data: true, error: null });
    expect(await client.rpc('request_launch_email', { project_id: upcoming, email: 'fan@mail.test' })).toMatchObject({ data: true, error: null });
    await server.ctx.outbox.drain();
    const mails = mailTo('fan@mail.test');
    expect(mails).toHaveLength(1);
    // No maker text in a mail to an address nobody has confirmed.
    expect(mails[0]!.subject).toBe('Confirm your launch reminder on AI Showcase');
    expect(mails[0]!.html).not.toContain('Inbox');
    expect(mails[0]!.text).not.toContain('Inbox');
    expect(mails[0]!.text).toContain(`${server.url}/upcoming/confirm?token=`);
    expect(await stored()).toEqual([{ email: 'fan@mail.test', confirmed: false }]);

    const wrong = await server.anon().rpc('confirm_launch_email', { token: 'f'.repeat(64) });
    expect(wrong.error?.message).toBe('This confirmation link is invalid or has expired.');
    expect(await stored()).toEqual([{ email: 'fan@mail.test', confirmed: false }]);

    const token = tokenIn(mails[0]!.text);
    const confirmed = await server.anon().rpc('confirm_launch_email', { token });
    expect(confirmed.error).toBeNull();
    expect(confirmed.data).toEqual([{ project_id: upcoming, title: 'Inbox <Zero>', launch_date: '2031-03-11', launched: false }]);
    // Opening the link again (a second click, a mail client's prefetch) is fine.
    expect((await server.anon().rpc('confirm_launch_email', { token })).error).toBeNull();
    expect(await stored()).toEqual([{ email: 'fan@mail.test', confirmed: true }]);
  });

  it('e-mails confirmed addresses once at launch, and never an address that did not confirm', async () => {
    await visitor('10.1.0.3').rpc('request_launch_email', { project_id: upcoming, email: 'shy@mail.test' });
    await server.setClock(new Date(TUESDAY_START.getTime() + HOUR));
    try {
      const outcome = (await server.runJobs()).find((o) => o.name === 'launch-winners');
      expect(outcome?.summary).toContain('e-mailed 1 launch reminders');
      await server.ctx.outbox.drain();
      const live = mailTo('fan@mail.test').filter((m) => m.subject === 'Inbox <Zero> is live');
      expect(live).toHaveLength(1);
      expect(live[0]!.text).toContain(`${server.url}/projects/${upcoming}`);
      expect(live[0]!.text).not.toContain('/settings/notifications');
      expect(mailTo('shy@mail.test').map((m) => m.subject)).toEqual(['Confirm your launch reminder on AI Showcase']);

      await server.advanceClock(10 * 60_000);
      await server.runJobs();
      await server.ctx.outbox.drain();
      expect(mailTo('fan@mail.test').filter((m) => m.subject === 'Inbox <Zero> is live')).toHaveLength(1);
      // A confirmation link opened after launch says so, and the address is no longer asked for.
      expect((await visitor('10.1.0.3').rpc('request_launch_email', { project_id: upcoming, email: 'late@mail.test' })).error?.message).toBe(
        'This project is not available',
      );
    } finally {
      await launchSite(server);
    }
  });

  it('counts requests per client IP like the newsletter: over the limit, 429 and nothing stored', async () => {
    const next = await submit(server, maker, { title: 'Next Week', launch_date: '2031-03-14' });
    await approve(server, next.data!.id as string);
    const client = visitor('10.1.0.9');
    for (const n of [1, 2, 3]) {
      expect((await client.rpc('request_launch_email', { project_id: next.data!.id, email: `burst${n}@mail.test` })).error).toBeNull();
    }
    const refused = await client.rpc('request_launch_email', { project_id: next.data!.id, email: 'burst4@mail.test' });
    expect(refused.status).toBe(429);
    expect((await stored()).map((r) => r.email).filter((e) => e.startsWith('burst'))).toEqual(['burst1@mail.test', 'burst2@mail.test', 'burst3@mail.test']);
    // Another visitor is not held back by this one.
    expect((await visitor('10.1.0.10').rpc('request_launch_email', { project_id: next.data!.id, email: 'other@mail.test' })).error).toBeNull();
  });

  it('sends one address at most three confirmation mails a day across projects, and answers the same past them', async () => {
    const projects: string[] = [];
    for (const day of ['2031-03-20', '2031-03-21', '2031-03-22', '2031-03-23']) {
      const made = await submit(server, maker, { title: `Spam ${day} BUY CHEAP PILLS`, launch_date: day });
      await approve(server, made.data!.id as string);
      projects.push(made.data!.id as string);
    }
    const confirmations = async () =>
      (await server.ctx.db.query<{ n: number }>(`select count(*)::int as n from platform.email_outbox where to_address = 'target@mail.test' and template = 'launch_reminder_confirm'`)).rows[0]!.n;
    // A fresh client address each time: the per-IP limit is not what holds here.
    for (const [i, project] of projects.entries()) {
      expect(await visitor(`10.2.0.${i}`).rpc('request_launch_email', { project_id: project, email: 'target@mail.test' })).toMatchObject({ data: true, error: null });
    }
    expect(await confirmations()).toBe(3);
    await server.advanceClock(86_400_000 + 60_000);
    expect(await visitor('10.2.1.1').rpc('request_launch_email', { project_id: projects[3], email: 'target@mail.test' })).toMatchObject({ data: true, error: null });
    expect(await confirmations()).toBe(4);
  });
});
