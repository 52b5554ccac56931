import type { ParsedMail } from 'mailparser';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { retryDelayMs } from '../../../server/notifications/outbox.ts';
import { startTestSmtp, type TestSmtp } from '../../support/smtp.ts';
import { startTestServer, type TestServer, type TestUser } from '../../support/server.ts';
import { approvedProject, ensureCreator, outbox, postComment, setPreference, upvote } from './fixtures.ts';

/**
 * E-mail through the outbox, to a real SMTP server on a local port: the message itself (parts,
 * headers, words), preferences, the review results that used to be sent inline, and what happens
 * when the SMTP server refuses or hangs.
 */
let smtp: TestSmtp;
let server: TestServer;
let maker: TestUser;
let visitor: TestUser;
let moderator: TestUser;

beforeAll(async () => {
  smtp = await startTestSmtp();
  server = await startTestServer({
    SMTP_URL: smtp.url,
    SMTP_FROM: 'AI Showcase <hello@showcase.test>',
    SMTP_TIMEOUT_SECONDS: '30',
    RATE_LIMIT_NOTIFICATION_EMAILS: '3/3600',
  });
  maker = await server.createUser({ email: 'maker@mail.test', name: 'Mara Maker' });
  visitor = await server.createUser({ email: 'visitor@mail.test', name: 'Vic Visitor' });
  moderator = await server.createUser({ email: 'mod@mail.test', appRole: 'moderator' });
});
afterEach(() => {
  smtp.mode = 'accept';
});
afterAll(async () => {
  await smtp?.close();
  await server?.close();
});

const mailTo = (address: string) => smtp.messages.filter((m) => m.to && JSON.stringify(m.to).includes(address));

describe('a notification e-mail', () => {
  it('goes out at once for a comment on your project, with text and HTML parts, the site name and unsubscribe headers', async () => {
    await admin(async (a) => a.client.from('site_settings').update({ site_name: 'Maker Hub' }).eq('id', true));
    const projectId = await approvedProject(server, maker, 'Recipe Radar');
    await postComment(visitor, projectId, 'Love the <b>search</b>!');
    await server.ctx.outbox.drain();

    const [mail] = mailTo('maker@mail.test');
    expect(mail).toBeDefined();
    expect(mail!.subject).toBe('Vic Visitor commented on Recipe Radar');
    expect(mail!.from?.value[0]?.address).toBe('hello@showcase.test');
    expect(mail!.text).toContain('Love the <b>search</b>!');
    expect(mail!.text).toContain(`${server.url}/projects/${projectId}`);
    expect(mail!.text).toContain('your notification settings on Maker Hub');
    // HTML part: the comment escaped, never markup.
    expect(mail!.html).toContain('Love the &lt;b&gt;search&lt;/b&gt;!');
    expect(mail!.html).not.toContain('<b>search</b>');

    // RFC 2369 / 8058: an http(s) URL and a mailto, and one-click POST.
    const targets = [...rawHeader(mail!, 'List-Unsubscribe').matchAll(/<([^>]+)>/g)].map((m) => m[1]!);
    expect(targets).toHaveLength(2);
    expect(targets[0]).toMatch(new RegExp(`^${server.url}/unsubscribe\\?token=[\\w.%-]+$`));
    expect(targets[1]).toMatch(/^mailto:hello@showcase\.test\?subject=unsubscribe%20[\w.-]+$/);
    expect(rawHeader(mail!, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect((await outbox(server, 'maker@mail.test')).map((o) => o.status)).toEqual(['sent']);
  });

  it('follows preferences: off sends nothing, the digest holds it, and default-off types stay quiet', async () => {
    const projectId = await approvedProject(server, visitor, 'Quiet Project');
    await setPreference(visitor, 'comment_on_project', true, 'off');
    await postComment(maker, projectId, 'First!');
    await setPreference(visitor, 'comment_on_project', true, 'digest');
    await postComment(maker, projectId, 'Second!');
    await upvote(maker, projectId); // upvotes: e-mail off by default
    await server.ctx.outbox.drain();
    expect(mailTo('visitor@mail.test')).toEqual([]);
    expect(await outbox(server, 'visitor@mail.test')).toEqual([]);
    const { rows } = await server.ctx.db.query<{ digest_pending: boolean }>(
      `select digest_pending from public.notifications where user_id = $1 and type = 'comment_on_project' order by id`,
      [visitor.id],
    );
    expect(rows.map((r) => r.digest_pending)).toEqual([false, true]);
  });

  it('is not sent while Admin › Settings › Email notifications is off (the notice still is)', async () => {
    const projectId = await approvedProject(server, maker, 'Muted Site');
    await admin(async (a) => a.client.from('site_settings').update({ email_notifications: false }).eq('id', true));
    try {
      await postComment(visitor, projectId, 'Hello');
      await server.ctx.outbox.drain();
      expect(mailTo('maker@mail.test').some((m) => m.subject?.includes('Muted Site'))).toBe(false);
      const { count } = await maker.client.from('notifications').select('id', { count: 'exact', head: true }).eq('data->>project_title', 'Muted Site');
      expect(count).toBe(1);
    } finally {
      await admin(async (a) => a.client.from('site_settings').update({ email_notifications: true }).eq('id', true));
    }
  });
});

describe('review results (formerly sent inline by admin-review-project)', () => {
  it('reach the maker through the outbox, the rejection with its reason escaped in HTML', async () => {
    const reviewer = await server.createUser({ email: 'rev@mail.test', appRole: 'moderator' });
    const maker2 = await server.createUser({ email: 'maker2@mail.test' });
    await ensureCreator(server, maker2);
    const ids: string[] = [];
    for (const title of ['Good One', 'Not Yet']) {
      const { data } = await maker2.client
        .from('projects')
        .insert({ title, description: 'x', tool: 'Bolt', category: 'App', creator_id: maker2.id, upvotes: 0, featured: false })
        .select('id')
        .single();
      ids.push((data as { id: string }).id);
    }
    const approve = await reviewer.client.functions.invoke('admin-review-project', { body: { projectId: ids[0], action: 'approve' } });
    expect(approve.error).toBeNull();
    const reject = await reviewer.client.functions.invoke('admin-review-project', {
      body: { projectId: ids[1], action: 'reject', reason: 'Add <b>screenshots</b>' },
    });
    expect(reject.error).toBeNull();
    await server.ctx.outbox.drain();

    const mails = mailTo('maker2@mail.test');
    const approved = mails.find((m) => m.subject === 'Your project Good One was approved')!;
    expect(approved.text).toContain(`${server.url}/projects/${ids[0]}`);
    const rejected = mails.find((m) => m.subject === 'Your project Not Yet was not approved')!;
    expect(rejected.text).toContain('Reason: Add <b>screenshots</b>');
    expect(rejected.html).toContain('Add &lt;b&gt;screenshots&lt;/b&gt;');
    expect(rejected.text).toContain(`${server.url}/my-projects`);
  });
});

describe('when the SMTP server fails', () => {
  it('a refusal is retried with backoff, and the message goes once the server accepts', async () => {
    const projectId = await approvedProject(server, moderator, 'Flaky Mail');
    smtp.mode = 'refuse';
    await postComment(visitor, projectId, 'Are you there?');
    await server.ctx.outbox.drain();
    let [row] = (await outbox(server, 'mod@mail.test')).filter((o) => o.payload.type === 'comment_on_project');
    expect(row).toMatchObject({ status: 'queued', attempts: 1 });
    expect(row!.last_error).toMatch(/451/);
    const wait = row!.next_attempt_at.getTime() - server.ctx.clock.nowMs();
    expect(wait).toBeGreaterThan(retryDelayMs(1) - 5_000);
    expect(wait).toBeLessThanOrEqual(retryDelayMs(1));

    // Not due yet: nothing is attempted.
    smtp.mode = 'accept';
    await server.ctx.outbox.drain();
    expect(mailTo('mod@mail.test')).toEqual([]);

    // The second failure waits twice as long.
    smtp.mode = 'refuse';
    await server.advanceClock(retryDelayMs(1));
    await server.ctx.outbox.drain();
    [row] = (await outbox(server, 'mod@mail.test')).filter((o) => o.payload.type === 'comment_on_project');
    expect(row).toMatchObject({ status: 'queued', attempts: 2 });
    expect(row!.next_attempt_at.getTime() - server.ctx.clock.nowMs()).toBeGreaterThan(retryDelayMs(2) - 5_000);
    expect(retryDelayMs(2)).toBe(2 * retryDelayMs(1));

    smtp.mode = 'accept';
    await server.advanceClock(retryDelayMs(2));
    await server.runJobs(); // the drain job, the safety net under the kicks
    expect(mailTo('mod@mail.test').map((m) => m.subject)).toEqual(['Vic Visitor commented on Flaky Mail']);
    [row] = (await outbox(server, 'mod@mail.test')).filter((o) => o.payload.type === 'comment_on_project');
    expect(row).toMatchObject({ status: 'sent', attempts: 3, last_error: null });
  });

  it('gives up after the last attempt and shows it as failed on the dashboard', async () => {
    const before = await outboxStats();
    const { rows } = await server.ctx.db.query<{ id: number }>(
      `insert into platform.email_outbox (to_address, stream, template, payload, attempts)
       values ('nobody@mail.test', 'comment_on_project', 'notification', '{"type":"comment_on_project","data":{}}', 8) returning id`,
    );
    smtp.mode = 'refuse';
    await server.ctx.outbox.drain();
    const [row] = await outbox(server, 'nobody@mail.test');
    expect(row).toMatchObject({ id: rows[0]!.id, status: 'failed', attempts: 9 });
    expect(await outboxStats()).toMatchObject({ failed: before.failed + 1 });
  });

  it('a server that hangs never holds up a request: the comment is saved and answered while the send waits', async () => {
    const projectId = await approvedProject(server, moderator, 'Slow Mail');
    smtp.mode = 'hang';
    const hung = smtp.nextHang();
    const commentId = await postComment(visitor, projectId, 'Posting into the void');
    await hung; // the kick's drain is now stuck talking to the SMTP server…
    // …and requests go on: reading, writing.
    const { data, error } = await server.anon().from('project_comments').select('id').eq('id', commentId);
    expect(error).toBeNull();
    expect(data).toHaveLength(1);
    await postComment(visitor, projectId, 'Still here');
    expect(smtp.hanging).toBeGreaterThan(0);

    // When the server finally answers (with an error), the message is simply retried later.
    smtp.releaseHung();
    smtp.mode = 'accept';
    await server.ctx.outbox.drain();
    const slow = (await outbox(server, 'mod@mail.test')).filter((o) => (o.payload.data as { project_title?: string }).project_title === 'Slow Mail');
    expect(slow.map((o) => o.status).sort()).toContain('queued');
  });
});

describe('the per-recipient cap', () => {
  it('sends at most the cap to one address per window; the rest wait for the window and then go', async () => {
    const busy = await server.createUser({ email: 'busy@mail.test' });
    const projectId = await approvedProject(server, busy, 'Popular');
    for (let i = 0; i < 5; i++) await postComment(visitor, projectId, `Comment ${i}`);
    await server.ctx.outbox.drain();
    expect(mailTo('busy@mail.test')).toHaveLength(3);
    const waiting = (await outbox(server, 'busy@mail.test')).filter((o) => o.status === 'queued');
    expect(waiting).toHaveLength(2);
    expect(waiting[0]!.next_attempt_at.getTime()).toBeGreaterThan(server.ctx.clock.nowMs() + 3_500_000);

    await server.advanceClock(3_600_000);
    await server.ctx.outbox.drain();
    expect(mailTo('busy@mail.test')).toHaveLength(5);
  });
});

/** A header as sent (unfolded), not as mailparser interprets it. */
function rawHeader(mail: ParsedMail, name: string): string {
  const line = mail.headerLines.find((h) => h.key === name.toLowerCase())?.line ?? '';
  return line.slice(line.indexOf(':') + 1).replace(/\r?\n[ \t]+/g, ' ').trim();
}

async function admin<T>(fn: (a: TestUser) => Promise<T>): Promise<T> {
  const a = await server.createUser({ appRole: 'admin' });
  return fn(a);
}

async function outboxStats(): Promise<{ queued: number; sent: number; failed: number }> {
  const a = await server.createUser({ appRole: 'admin' });
  const { data, error } = await a.client.rpc('admin_outbox_stats');
  if (error) throw error;
  return data as { queued: number; sent: number; failed: number };
}
