import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../support/server.ts';
import { agedUser, maker, recount, vote } from './votes-fixtures.ts';

/**
 * A vote changes its project once (migration 0271): the public count, the points and the raw count
 * move in one UPDATE, so a realtime subscriber of the project hears one change per vote, not two,
 * and the numbers stay what a recount from the votes says.
 */
let server: TestServer;
let project: () => Promise<string>;
const DAY = 86_400_000;

beforeAll(async () => {
  server = await startTestServer();
  ({ project } = await maker(server));
});
afterAll(async () => {
  await server?.close();
});

/** The project's changes captured for realtime so far (a job purges those over an hour old). */
async function capturedChanges(id: string): Promise<number> {
  const { rows } = await server.ctx.db.query<{ n: number }>(
    `select count(*)::int as n from platform.realtime_changes where table_name = 'projects' and op = 'UPDATE' and pk ->> 'id' = $1`,
    [id],
  );
  return rows[0]!.n;
}

async function numbers(id: string): Promise<{ upvotes: number; votes_cast: number; points: number }> {
  const { rows } = await server.ctx.db.query<{ upvotes: number; votes_cast: number; points: string }>(
    'select upvotes, votes_cast, points::text as points from public.projects where id = $1',
    [id],
  );
  return { ...rows[0]!, points: Number(rows[0]!.points) };
}

describe('a vote', () => {
  it('changes its project once when cast and once when withdrawn, with every number right', async () => {
    const id = await project();
    const member = await agedUser(server, 2);
    const before = await capturedChanges(id);

    await vote(server.clientOf(member), id);
    expect(await capturedChanges(id)).toBe(before + 1);
    const cast = await numbers(id);
    expect(cast).toMatchObject({ upvotes: 1, votes_cast: 1 });
    expect(cast.points).toBeCloseTo(await recount(server, id), 9);
    expect(cast.points).toBeGreaterThan(0);

    await vote(server.clientOf(member), id);
    expect(await capturedChanges(id)).toBe(before + 2);
    expect(await numbers(id)).toMatchObject({ upvotes: 0, votes_cast: 0, points: 0 });
  });

  it('changes only the public count, once, when its account comes of age', async () => {
    const id = await project();
    const fresh = await server.createUser();
    await vote(server.clientOf(fresh), id);
    const cast = await numbers(id);
    expect(cast).toMatchObject({ upvotes: 0, votes_cast: 1 });
    await server.advanceClock(DAY + 60_000);
    try {
      const outcomes = await server.runJobs();
      expect(outcomes.find((o) => o.name === 'count-aged-votes')).toMatchObject({ ok: true });
      expect(await numbers(id)).toEqual({ ...cast, upvotes: 1 });
      // The vote's own change is over a day old and purged by the same run: only the job's is left.
      expect(await capturedChanges(id)).toBe(1);
    } finally {
      await server.advanceClock(-(DAY + 60_000));
    }
    // Withdrawn after it was counted: both counts go back to nothing.
    await vote(server.clientOf(fresh), id);
    expect(await numbers(id)).toMatchObject({ upvotes: 0, votes_cast: 0, points: 0 });
  });
});
