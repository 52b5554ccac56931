import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_OUTBOX_OPTIONS } from '../../../server/notifications/outbox.ts';
import { reopenableDatabase, type ReopenableDatabase } from '../../support/databases.ts';
import { startTestSmtp, type TestSmtp } from '../../support/smtp.ts';
import { startTestServer, type TestServer } from '../../support/server.ts';
import { outbox } from './fixtures.ts';

/**
 * Nothing queued is lost when the server stops, even in the middle of sending: a worker that
 * claimed messages and died leaves its lease to run out, and the next process sends them, once.
 */
let smtp: TestSmtp;
let durable: ReopenableDatabase;

beforeAll(async () => {
  smtp = await startTestSmtp();
  durable = await reopenableDatabase();
});
afterAll(async () => {
  await smtp?.close();
  await durable?.dispose();
});

const start = async () => startTestServer({ SMTP_URL: smtp.url }, { db: await durable.open() });

/** Rows as an event's trigger writes them, without the NOTIFY that would make this server send them now. */
async function queue(server: TestServer, addresses: string[]) {
  for (const to of addresses) {
    await server.ctx.db.query(
      `insert into platform.email_outbox (to_address, stream, template, payload)
       values ($1, 'comment_on_project', 'notification', $2)`,
      [to, JSON.stringify({ type: 'comment_on_project', data: { actor_name: 'Vic', project_title: `Project of ${to}`, excerpt: 'Hello' }, link: '/projects' })],
    );
  }
}

describe('the outbox across a restart', () => {
  it('sends what a dead worker had claimed once its lease runs out, and what was queued at once; each exactly once', async () => {
    let server: TestServer = await start();
    await server.setClock(new Date('2031-07-01T09:00:00Z'));
    await queue(server, ['claimed-1@restart.test', 'claimed-2@restart.test']);
    // The worker claims its batch… and the process stops before it sends anything.
    const claimed = await server.ctx.outbox.claim();
    expect(claimed.map((r) => r.to_address).sort()).toEqual(['claimed-1@restart.test', 'claimed-2@restart.test']);
    await queue(server, ['queued@restart.test']);
    await server.close();

    server = await start();
    try {
      expect((await outbox(server)).map((o) => o.status)).toEqual(['sending', 'sending', 'queued']);
      // While the dead worker's lease lasts, its messages are left alone (it might still be sending).
      await server.ctx.outbox.drain();
      expect(smtp.messages.map((m) => m.subject)).toEqual(['Vic commented on Project of queued@restart.test']);

      await server.advanceClock(DEFAULT_OUTBOX_OPTIONS.leaseSeconds * 1000);
      await server.runJobs();
      await server.ctx.outbox.drain();
      expect(smtp.messages.map((m) => m.subject).sort()).toEqual([
        'Vic commented on Project of claimed-1@restart.test',
        'Vic commented on Project of claimed-2@restart.test',
        'Vic commented on Project of queued@restart.test',
      ]);
      const rows = await outbox(server);
      expect(rows.map((o) => [o.status, o.attempts])).toEqual([
        ['sent', 2],
        ['sent', 2],
        ['sent', 1],
      ]);
    } finally {
      await server.close();
    }
  });

  it('gives a message sent twice (the worker died before recording the send) the same Message-ID, and another message another', async () => {
    const server = await start();
    try {
      await server.setClock(new Date('2031-08-01T09:00:00Z'));
      smtp.messages.length = 0;
      await queue(server, ['twice@restart.test', 'other@restart.test']);
      await server.ctx.outbox.drain();
      // The send went out but its record did not stick, as when the process dies in between: the
      // row is due again and the next drain sends it a second time.
      await server.ctx.db.query(
        `update platform.email_outbox set status = 'queued', sent_at = null, next_attempt_at = showcase_private.app_now()
          where to_address = 'twice@restart.test'`,
      );
      await server.ctx.outbox.drain();

      const twice = smtp.messages.filter((m) => m.subject?.includes('twice@restart.test'));
      const other = smtp.messages.filter((m) => m.subject?.includes('other@restart.test'));
      expect(twice).toHaveLength(2);
      expect(other).toHaveLength(1);
      expect(twice[0]!.messageId).toMatch(/^<outbox\.\d+@[^>]+>$/);
      expect(twice[1]!.messageId).toBe(twice[0]!.messageId);
      expect(other[0]!.messageId).not.toBe(twice[0]!.messageId);
    } finally {
      await server.close();
    }
  });
});
