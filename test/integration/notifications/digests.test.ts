import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIGEST_LOCAL_HOUR } from '../../../domain/notifications.ts';
import { DevMailbox, type StoredMail } from '../../../server/mail/dev-mailbox.ts';
import { startTestServer, type TestServer, type TestUser } from '../../support/server.ts';
import { approvedProject, outbox, postComment, setPreference, upvote } from './fixtures.ts';

/** Daily digests, assembled by the scheduler's job at DIGEST_LOCAL_HOUR of each recipient's zone, on the test clock. */
let server: TestServer;
let visitor: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  visitor = await server.createUser({ email: 'visitor@digest.test', name: 'Vic' });
});
afterAll(() => server?.close());

const HOUR = 3_600_000;

async function digestsTo(address: string): Promise<StoredMail[]> {
  await server.ctx.outbox.drain();
  return (server.ctx.mailer as DevMailbox).list().filter((m) => m.to === address && m.subject.includes('digest'));
}

describe('the daily digest', () => {
  it('collects what waited and sends one e-mail at the digest hour, not before, and one per day', async () => {
    expect(DIGEST_LOCAL_HOUR).toBe(8);
    await server.setClock(new Date('2031-03-10T05:00:00Z'));
    const reader = await server.createUser({ email: 'reader@digest.test', name: 'Rita' });
    await setPreference(reader, 'comment_on_project', true, 'digest');
    await setPreference(reader, 'project_upvotes', false, 'digest');
    const projectId = await approvedProject(server, reader, 'Digest Me');
    await postComment(visitor, projectId, 'First <comment>');
    await postComment(visitor, projectId, 'Second comment');
    await upvote(visitor, projectId);

    // 07:59 UTC (the site's zone): not yet.
    await server.advanceClock(2 * HOUR + 59 * 60_000);
    await server.runJobs();
    expect(await digestsTo('reader@digest.test')).toEqual([]);

    await server.advanceClock(16 * 60_000); // 08:15
    await server.runJobs();
    const [digest, ...others] = await digestsTo('reader@digest.test');
    expect(others).toEqual([]);
    expect(digest!.subject).toBe('Your AI Showcase digest: 3 new notifications');
    expect(digest!.text).toContain('Vic commented on Digest Me');
    expect(digest!.text).toContain('First <comment>');
    expect(digest!.text).toContain('Someone upvoted Digest Me today');
    expect(digest!.html).toContain('First &lt;comment&gt;');
    expect(digest!.headers?.['List-Unsubscribe']).toMatch(/unsubscribe\?token=/);
    // Its unsubscribe link stops the digest.
    const token = decodeURIComponent(digest!.headers!['List-Unsubscribe']!.match(/token=([^>]+)>/)![1]!);
    expect(server.ctx.unsubscribeTokens.verify(token)).toMatchObject({ address: 'reader@digest.test', stream: 'digest' });

    // The in-app notices stayed as chosen: comments shown, upvotes only mailed.
    const { data } = await reader.client.from('notifications').select('type');
    expect((data as { type: string }[]).map((n) => n.type).sort()).toEqual(['comment_on_project', 'comment_on_project']);

    // Later the same day: it waits for tomorrow.
    await postComment(visitor, projectId, 'Third, after the digest');
    await server.advanceClock(4 * HOUR);
    await server.runJobs();
    expect(await digestsTo('reader@digest.test')).toHaveLength(1);
    await server.advanceClock(20 * HOUR); // 08:15 + 24 h
    await server.runJobs();
    const both = await digestsTo('reader@digest.test');
    expect(both).toHaveLength(2);
    expect(both[0]!.subject).toBe('Your AI Showcase digest: 1 new notification');
    expect(both[0]!.text).toContain('Third, after the digest');
    expect(both[0]!.text).not.toContain('First <comment>');
  });

  it('arrives at the hour of the recipient’s own time zone', async () => {
    await server.setClock(new Date('2031-04-01T10:00:00Z'));
    const ny = await server.createUser({ email: 'ny@digest.test' });
    await ny.client.from('profile_settings').upsert({ time_zone: 'America/New_York' }).select();
    await setPreference(ny, 'comment_on_project', true, 'digest');
    const projectId = await approvedProject(server, ny, 'Big Apple');
    await postComment(visitor, projectId, 'Morning!');
    // 10:00 UTC is 06:00 in New York (EDT): not yet. 12:05 UTC is 08:05 there.
    await server.advanceClock(HOUR);
    await server.runJobs();
    expect(await digestsTo('ny@digest.test')).toEqual([]);
    await server.advanceClock(HOUR + 5 * 60_000);
    await server.runJobs();
    expect(await digestsTo('ny@digest.test')).toHaveLength(1);
  });

  it('catches up after downtime with one digest, and leaves out types switched off the digest since', async () => {
    await server.setClock(new Date('2031-05-01T12:00:00Z'));
    const late = await server.createUser({ email: 'late@digest.test' });
    await setPreference(late, 'comment_on_project', true, 'digest');
    await setPreference(late, 'project_upvotes', true, 'digest');
    const projectId = await approvedProject(server, late, 'Downtime');
    await postComment(visitor, projectId, 'While you were out');
    await upvote(visitor, projectId);
    await setPreference(late, 'project_upvotes', true, 'off');
    // The server was down for three days: one run, one digest.
    await server.advanceClock(3 * 24 * HOUR);
    await server.runJobs();
    const digests = await digestsTo('late@digest.test');
    expect(digests).toHaveLength(1);
    expect(digests[0]!.subject).toBe('Your AI Showcase digest: 1 new notification');
    expect(digests[0]!.text).not.toContain('upvoted');
    expect((await outbox(server, 'late@digest.test')).map((o) => o.stream)).toEqual(['digest']);
  });
});
