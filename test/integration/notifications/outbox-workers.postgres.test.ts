import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secondConnection } from '../../support/databases.ts';
import { startTestSmtp, type TestSmtp } from '../../support/smtp.ts';
import { startTestServer, type TestServer } from '../../support/server.ts';
import { approvedProject, outbox, postComment } from './fixtures.ts';

/**
 * Two server instances on one Postgres, both draining the outbox (each hears every enqueue through
 * LISTEN, and both are also told to drain at the same moment): every message reaches the SMTP
 * server exactly once, because claims take rows FOR UPDATE SKIP LOCKED.
 */
let smtp: TestSmtp;
let first: TestServer;
let second: TestServer;

beforeAll(async () => {
  smtp = await startTestSmtp();
  first = await startTestServer({ SMTP_URL: smtp.url });
  second = await startTestServer({ SMTP_URL: smtp.url }, { db: await secondConnection(first.ctx.db) });
});
afterAll(async () => {
  await second?.close();
  await first?.close();
  await smtp?.close();
});

describe('the outbox with two workers on one Postgres', () => {
  it('sends each message once', async () => {
    const visitor = await first.createUser({ name: 'Vic' });
    const makers = await Promise.all(Array.from({ length: 12 }, (_, i) => first.createUser({ email: `maker-${i}@workers.test` })));
    const projects = await Promise.all(makers.map((m, i) => approvedProject(first, m, `Project ${i}`)));
    // Comments through both instances: each commit wakes both drains.
    await Promise.all(projects.map((id, i) => postComment(visitor, id, `Comment ${i}`)));
    await Promise.all([first.ctx.outbox.drain(), second.ctx.outbox.drain()]);
    expect(smtp.messages).toHaveLength(12);
    // And a burst queued without waking anyone, then drained by both at once, twice over.
    for (let i = 0; i < 30; i++) {
      await first.ctx.db.query(
        `insert into platform.email_outbox (to_address, stream, template, payload) values ($1, 'comment_on_project', 'notification', $2)`,
        [`burst-${i}@workers.test`, JSON.stringify({ type: 'comment_on_project', data: { actor_name: 'Bot', project_title: `Burst ${i}` } })],
      );
    }
    const drains = await Promise.all([first.ctx.outbox.drain(), second.ctx.outbox.drain(), first.ctx.outbox.drain(), second.ctx.outbox.drain()]);
    // Between them the drains sent each of the thirty once.
    expect(drains.reduce((n, d) => n + d.sent, 0)).toBe(30);

    const recipients = smtp.messages.map((m) => (m.to && !Array.isArray(m.to) ? m.to.value[0]!.address : ''));
    expect(recipients).toHaveLength(42);
    expect(new Set(recipients).size).toBe(42);
    const rows = await outbox(first);
    expect(rows.every((o) => o.status === 'sent' && o.attempts === 1)).toBe(true);
  });
});
