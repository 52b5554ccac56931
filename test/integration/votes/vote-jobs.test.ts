import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../support/server.ts';
import { agedUser, fromAddress, maker, recount, tally, vote } from './votes-fixtures.ts';

/** The scheduled jobs of fair votes, run on the test clock (decision 090). */
let server: TestServer;
let project: () => Promise<string>;
const DAY = 86_400_000;

beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: '127.0.0.1', ANONYMOUS_USERS_MAX_AGE_DAYS: '7' });
  ({ project } = await maker(server));
});
afterAll(() => server?.close());

const exists = async (id: string) => (await server.ctx.db.query('select 1 from auth.users where id = $1', [id])).rows.length === 1;

describe('purge-anonymous-users', () => {
  it('deletes anonymous users older than the configured age that have no votes, and nobody else', async () => {
    const id = await project();
    const idle = await server.signInAnonymously();
    const voter = await server.signInAnonymously();
    await vote(voter.client, id);
    const member = await server.createUser();
    await server.advanceClock(8 * DAY);
    try {
      const recent = await server.signInAnonymously();
      const outcomes = await server.runJobs();
      expect(outcomes.find((o) => o.name === 'purge-anonymous-users')).toMatchObject({ ok: true, summary: 'purged 1 old anonymous users without votes' });
      expect(await exists(idle.id)).toBe(false);
      expect(await exists(voter.id)).toBe(true);
      expect(await exists(recent.id)).toBe(true);
      expect(await exists(member.id)).toBe(true);
      // Once the voter takes the vote back, the next run (an hour on) purges them too.
      await vote(voter.client, id);
      await server.advanceClock(3_600_000);
      await server.runJobs();
      expect(await exists(voter.id)).toBe(false);
    } finally {
      await server.advanceClock(-(8 * DAY + 3_600_000));
    }
  });
});

describe('expire-vote-networks', () => {
  it('forgets networks after 30 days without changing any project’s points', async () => {
    const id = await project();
    const accounts = await Promise.all(Array.from({ length: 3 }, () => agedUser(server, 30)));
    for (const a of accounts) await vote(fromAddress(server, a, '198.51.100.9'), id);
    const grouped = await tally(server, id);
    expect(grouped.points).toBeCloseTo(3 * (2 / 3) ** 2, 12);
    await server.advanceClock(31 * DAY);
    try {
      const outcomes = await server.runJobs();
      expect(outcomes.find((o) => o.name === 'expire-vote-networks')).toMatchObject({ ok: true, summary: 'forgot the networks of 3 votes' });
      const { rows } = await server.ctx.db.query('select count(*)::int as n from public.project_votes where project_id = $1 and network is not null', [id]);
      expect(rows[0]!.n).toBe(0);
      expect((await server.ctx.db.query('select 1 from showcase_private.vote_groups where project_id = $1', [id])).rows).toEqual([]);
      expect((await server.ctx.db.query('select 1 from showcase_private.account_networks where user_id = any($1)', [accounts.map((a) => a.id)])).rows).toEqual([]);
      expect((await tally(server, id)).points).toBeCloseTo(grouped.points, 12);
      // A vote taken back later takes exactly its frozen share.
      await vote(fromAddress(server, accounts[0]!, '198.51.100.9'), id);
      expect((await tally(server, id)).points).toBeCloseTo(2 * (2 / 3) ** 2, 12);
      expect(await recount(server, id)).toBeCloseTo((await tally(server, id)).points, 12);
    } finally {
      await server.advanceClock(-31 * DAY);
    }
  });
});
