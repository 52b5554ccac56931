import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderOutboxMail, type OutboxRow } from '../../../server/notifications/emails.ts';
import { Clock } from '../../../server/clock.ts';
import { UnsubscribeTokens } from '../../../server/notifications/unsubscribe-token.ts';
import { startTestServer, type TestServer } from '../../support/server.ts';
import { outbox } from '../notifications/fixtures.ts';
import { approvedProject, pendingProject } from './fixtures.ts';

/**
 * Co-maker invitations are no mail relay (decision 105): a daily cap per inviter, mail to an
 * address without an account only for an approved project, at most once a day per address (a
 * cancelled invitation is not mailed again), and in the site's own words.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_INVITATIONS: '6/86400' });
});
afterAll(() => server?.close());

const DAY = 86_400_000;
const SPAM_TITLE = 'WIN A FREE PRIZE at prize.example';

async function invitationId(project: string, email: string): Promise<string> {
  const { rows } = await server.ctx.db.query<{ id: string }>(`select id from showcase_private.comaker_invitations where project_id = $1 and email = $2`, [project, email]);
  return rows[0]!.id;
}

describe('mail for a co-maker invitation', () => {
  it('to an address without an account waits until the project is approved, then goes once, in the site’s words', async () => {
    const owner = await server.createUser({ name: 'Bob' });
    const project = await pendingProject(server, owner, SPAM_TITLE);
    expect((await owner.client.rpc('invite_comaker', { project, email: 'held@example.test' })).error).toBeNull();
    expect(await outbox(server, 'held@example.test')).toEqual([]);

    const moderator = await server.createUser({ appRole: 'moderator' });
    expect((await moderator.client.rpc('review_project', { project_id: project, action: 'approve' })).error).toBeNull();
    const mail = await outbox(server, 'held@example.test');
    expect(mail).toHaveLength(1);
    const rendered = renderOutboxMail({ ...(mail[0] as unknown as OutboxRow), user_id: null }, {
      siteName: 'AI Showcase',
      siteUrl: 'https://showcase.example',
      unsubscribeAddress: 'unsubscribe@showcase.example',
      tokens: new UnsubscribeTokens('a-test-secret-that-is-long-enough-0123456789', new Clock()),
    });
    expect(rendered.subject).toBe('You are invited to make a project together on AI Showcase');
    for (const text of [rendered.subject, rendered.text, rendered.html ?? '']) {
      expect(text).not.toContain('PRIZE');
      expect(text).not.toContain('Bob');
      expect(text).not.toContain('notification settings');
    }
  });

  it('to an account is an in-app notice at once, whatever the project’s status', async () => {
    const owner = await server.createUser({ name: 'Owner' });
    const invitee = await server.createUser({ name: 'Invitee' });
    const project = await pendingProject(server, owner, 'Still pending');
    expect((await owner.client.rpc('invite_comaker', { project, email: invitee.email })).error).toBeNull();
    const { rows } = await server.ctx.db.query<{ type: string }>(`select type from public.notifications where user_id = $1`, [invitee.id]);
    expect(rows).toEqual([{ type: 'comaker_invited' }]);
  });

  it('a cancelled and re-sent invitation is not mailed again to the address within a day, and is after it', async () => {
    const owner = await server.createUser({ name: 'Canceller' });
    const project = await approvedProject(server, owner, 'Approved project');
    const address = 'again@example.test';
    expect((await owner.client.rpc('invite_comaker', { project, email: address })).error).toBeNull();
    expect(await outbox(server, address)).toHaveLength(1);
    expect((await owner.client.rpc('cancel_invitation', { invitation: await invitationId(project, address) })).error).toBeNull();
    expect((await owner.client.rpc('invite_comaker', { project, email: address })).error).toBeNull();
    expect(await outbox(server, address)).toHaveLength(1);
    await server.advanceClock(DAY + 60_000);
    expect((await owner.client.rpc('cancel_invitation', { invitation: await invitationId(project, address) })).error).toBeNull();
    expect((await owner.client.rpc('invite_comaker', { project, email: address })).error).toBeNull();
    expect(await outbox(server, address)).toHaveLength(2);
  });
});

describe('the invitation limit', () => {
  it('counts invitations per inviter in a bucket of their own: past the daily cap, 429 and nothing stored', async () => {
    const limited = await startTestServer({ RATE_LIMIT_INVITATIONS: '3/86400' });
    try {
      const owner = await limited.createUser({ name: 'Sender' });
      const project = await approvedProject(limited, owner, 'Many invitations');
      for (let i = 0; i < 3; i++) {
        expect((await owner.client.rpc('invite_comaker', { project, email: `cap${i}@example.test` })).error).toBeNull();
      }
      const refused = await owner.client.rpc('invite_comaker', { project, email: 'cap3@example.test' });
      expect(refused.status).toBe(429);
      const { rows } = await limited.ctx.db.query<{ n: number }>(`select count(*)::int as n from showcase_private.comaker_invitations where project_id = $1`, [project]);
      expect(rows[0]!.n).toBe(3);
      // Other writes are counted elsewhere and still go through.
      expect((await owner.client.from('projects').update({ description: 'Still editable' }).eq('id', project)).error).toBeNull();
    } finally {
      await limited.close();
    }
  });
});
