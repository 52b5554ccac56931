import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientFor, startTestServer, type TestServer } from '../../support/server.ts';
import { agedUser, fromAddress, maker, recount, tally, vote } from './votes-fixtures.ts';

/**
 * Points for ranking (decision 121): the count stays the number of votes; points weigh each vote by
 * who cast it and how many accounts voted for the same project from the same network on the same
 * day. The server trusts 127.0.0.1 as a proxy here, so each client picks its address with
 * X-Forwarded-For.
 */
let server: TestServer;
let project: (overrides?: Record<string, unknown>) => Promise<string>;
let net = 0;
/** An address on a /24 of its own. */
const freshAddress = () => `10.${Math.floor(++net / 250)}.${net % 250}.7`;

beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: '127.0.0.1' });
  ({ project } = await maker(server));
});
afterAll(() => server?.close());

describe('what one vote weighs', () => {
  it('an established account 1, an account younger than a day 0.5, an anonymous user 0.25; the count is 1 each', async () => {
    const id = await project();
    const old = await agedUser(server, 3);
    await vote(fromAddress(server, old, freshAddress()), id);
    expect(await tally(server, id)).toEqual({ points: 1, upvotes: 1 });
    const fresh = await agedUser(server, 0);
    await vote(fromAddress(server, fresh, freshAddress()), id);
    expect(await tally(server, id)).toEqual({ points: 1.5, upvotes: 2 });
    const visitor = await server.signInAnonymously({ 'x-forwarded-for': freshAddress() });
    await vote(visitor.client, id);
    expect(await tally(server, id)).toEqual({ points: 1.75, upvotes: 3 });
    await vote(fromAddress(server, old, freshAddress()), id);
    expect(await tally(server, id)).toEqual({ points: 0.75, upvotes: 2 });
  });

  it('an account votes at the weight of its age when it voted', async () => {
    const id = await project();
    const user = await agedUser(server, 0);
    await vote(fromAddress(server, user, freshAddress()), id);
    await server.advanceClock(2 * 86_400_000);
    try {
      expect((await tally(server, id)).points).toBe(0.5);
      const later = await project();
      await vote(fromAddress(server, user, freshAddress()), later);
      expect((await tally(server, later)).points).toBe(1);
    } finally {
      await server.advanceClock(-2 * 86_400_000);
    }
  });

  it('legacy votes (cast by browser id) weigh as anonymous ones', async () => {
    const id = await project();
    await server.ctx.db.query('update public.projects set legacy_votes = 8 where id = $1', [id]);
    expect(await tally(server, id)).toEqual({ points: 2, upvotes: 8 });
  });
});

describe('many accounts from one network', () => {
  it('up to two keep their weight; beyond two, the group is worth less the larger it is', async () => {
    const id = await project();
    const office = '198.51.100.';
    const accounts = await Promise.all(Array.from({ length: 6 }, () => agedUser(server, 10)));
    await vote(fromAddress(server, accounts[0]!, `${office}10`), id);
    await vote(fromAddress(server, accounts[1]!, `${office}11`), id);
    expect(await tally(server, id)).toEqual({ points: 2, upvotes: 2 });
    await vote(fromAddress(server, accounts[2]!, `${office}20`), id);
    // Three: each counts (2/3)^2, 1.33 accounts in all.
    expect((await tally(server, id)).points).toBeCloseTo(3 * (2 / 3) ** 2, 12);
    for (const [i, a] of accounts.slice(3).entries()) await vote(fromAddress(server, a, `${office}${21 + i}`), id);
    expect((await tally(server, id)).upvotes).toBe(6);
    expect((await tally(server, id)).points).toBeCloseTo(6 * (2 / 6) ** 2, 12);
    // The same accounts from networks of their own count in full.
    const other = await project();
    for (const a of accounts) await vote(fromAddress(server, a, freshAddress()), other);
    expect((await tally(server, other)).points).toBe(6);
    // Taking votes back gives the remaining ones their weight back.
    for (const a of accounts.slice(0, 4)) await vote(fromAddress(server, a, `${office}99`), id);
    expect(await tally(server, id)).toEqual({ points: 2, upvotes: 2 });
    expect(await recount(server, id)).toBeCloseTo((await tally(server, id)).points, 12);
  });

  it('a burst of new accounts from one network adds less than a tenth of one established vote, and a new account stays with the network it was created on', async () => {
    const id = await project();
    const farm = '203.0.113.';
    const accounts = [];
    for (let i = 0; i < 12; i++) accounts.push(await server.signInAnonymously({ 'x-forwarded-for': `${farm}${i + 1}` }));
    for (const a of accounts) await vote(a.client, id);
    expect((await tally(server, id)).upvotes).toBe(12);
    expect((await tally(server, id)).points).toBeCloseTo(12 * (2 / 12) ** 2 * 0.25, 12);
    // Created on the farm's network, voting from elsewhere: still in the farm's group.
    const hopper = await server.signInAnonymously({ 'x-forwarded-for': `${farm}200` });
    await vote(server.clientOf(hopper, { 'x-forwarded-for': freshAddress() }), id);
    expect((await tally(server, id)).points).toBeCloseTo(13 * (2 / 13) ** 2 * 0.25, 12);
  });

  it('groups per day: the same network a day later is a new group', async () => {
    const id = await project();
    const lab = '192.0.2.';
    const accounts = await Promise.all(Array.from({ length: 6 }, () => agedUser(server, 10)));
    for (const a of accounts.slice(0, 3)) await vote(fromAddress(server, a, `${lab}1`), id);
    const oneGroup = 3 * (2 / 3) ** 2;
    expect((await tally(server, id)).points).toBeCloseTo(oneGroup, 12);
    await server.advanceClock(86_400_000);
    try {
      for (const a of accounts.slice(3)) await vote(fromAddress(server, a, `${lab}1`), id);
      expect((await tally(server, id)).points).toBeCloseTo(2 * oneGroup, 12);
    } finally {
      await server.advanceClock(-86_400_000);
    }
  });

  it('a client cannot pick its network: without a trusted proxy, X-Real-IP and X-Forwarded-For are ignored', async () => {
    const direct = await startTestServer();
    try {
      const { project: directProject } = await maker(direct);
      const id = await directProject();
      const accounts = await Promise.all(Array.from({ length: 3 }, () => direct.createUser()));
      await direct.ctx.db.query(`update auth.users set created_at = now() - interval '10 days'`);
      for (const [i, a] of accounts.entries()) {
        const spoofing = clientFor(direct.url, direct.anonKey, a.token, { 'x-real-ip': `10.9.${i}.1`, 'x-forwarded-for': `10.8.${i}.1` });
        await vote(spoofing, id);
      }
      // All three came from 127.0.0.1: one group of three.
      expect((await tally(direct, id)).points).toBeCloseTo(3 * (2 / 3) ** 2, 12);
    } finally {
      await direct.close();
    }
  });
});

describe('who may write points', () => {
  it('nobody through the API: not on insert, not on update', async () => {
    const owner = await server.createUser();
    await server.service().from('creators').insert({ id: owner.id, name: 'Owner' });
    const insert = await owner.client
      .from('projects')
      .insert({ title: 'Mine', description: 'd', tool: 'Bolt', category: 'App', creator_id: owner.id, upvotes: 0, featured: false, points: 50 });
    expect(insert.error?.code).toBe('42501');
    const { data } = await owner.client
      .from('projects')
      .insert({ title: 'Mine', description: 'd', tool: 'Bolt', category: 'App', creator_id: owner.id, upvotes: 0, featured: false })
      .select('id')
      .single();
    const update = await owner.client.from('projects').update({ points: 50 }).eq('id', data!.id).select();
    expect(update.error?.code).toBe('42501');
    expect(await tally(server, data!.id)).toEqual({ points: 0, upvotes: 0 });
  });
});

describe('ranking', () => {
  const listing = (columns: string) => server.anon().from('project_listing').select(columns);

  it('Trending is points^0.8 / (age in hours + 2)^1.8', async () => {
    const now = Date.now();
    const fresh = await project({ title: 'Fresh', created_at: new Date(now - 2 * 3_600_000).toISOString() });
    const older = await project({ title: 'Older', created_at: new Date(now - 30 * 3_600_000).toISOString() });
    const voters = await Promise.all(Array.from({ length: 5 }, () => agedUser(server, 10)));
    await vote(fromAddress(server, voters[0]!, freshAddress()), fresh);
    for (const v of voters) await vote(fromAddress(server, v, freshAddress()), older);
    const { data } = await listing('id, points, trending_score').in('id', [fresh, older]).order('trending_score', { ascending: false });
    const rows = data as unknown as { id: string; points: number; trending_score: number }[];
    // One vote two hours ago beats five votes thirty hours ago.
    expect(rows.map((r) => r.id)).toEqual([fresh, older]);
    expect(rows[0]!.trending_score).toBeCloseTo(1 / Math.pow(2 + 2, 1.8), 3);
    expect(rows[1]!.trending_score).toBeCloseTo(Math.pow(5, 0.8) / Math.pow(30 + 2, 1.8), 4);
    expect(rows.map((r) => Number(r.points))).toEqual([1, 5]);
  });

  it("Top's periods are the site's day, week (from Monday) and month, in its time zone", async () => {
    const admin = await server.createUser({ appRole: 'admin' });
    // Monday 4 March 2030, 23:30 UTC: already Tuesday in Paris.
    await server.setClock(new Date('2030-03-04T23:30:00Z'));
    try {
      const mondayEvening = await project({ created_at: '2030-03-04T22:00:00Z' });
      const lastSunday = await project({ created_at: '2030-03-03T12:00:00Z' });
      const lastMonth = await project({ created_at: '2030-02-27T12:00:00Z' });
      const periods = async () => {
        const { data, error } = await listing('id, created_today, created_this_week, created_this_month').in('id', [mondayEvening, lastSunday, lastMonth]);
        if (error) throw new Error(error.message);
        return Object.fromEntries((data as unknown as { id: string; created_today: boolean; created_this_week: boolean; created_this_month: boolean }[]).map((r) => [
          r.id === mondayEvening ? 'mondayEvening' : r.id === lastSunday ? 'lastSunday' : 'lastMonth',
          [r.created_today, r.created_this_week, r.created_this_month],
        ]));
      };
      expect(await periods()).toEqual({
        mondayEvening: [true, true, true],
        lastSunday: [false, false, true],
        lastMonth: [false, false, false],
      });
      const saved = await admin.client.from('site_settings').update({ time_zone: 'Europe/Paris' }).eq('id', true).select('time_zone');
      expect(saved.data).toEqual([{ time_zone: 'Europe/Paris' }]);
      expect((await periods()).mondayEvening).toEqual([false, true, true]);
      // Top of this week: the filter the list sends.
      const { data } = await listing('id').eq('created_this_week', true).in('id', [mondayEvening, lastSunday, lastMonth]).order('points', { ascending: false });
      expect(data).toEqual([{ id: mondayEvening }]);

      const bad = await admin.client.from('site_settings').update({ time_zone: 'Mars/Olympus' }).eq('id', true).select();
      expect(bad.error).toMatchObject({ code: '22023', message: 'Unknown time zone: Mars/Olympus' });
      expect((await admin.client.from('site_settings').select('time_zone').single()).data).toEqual({ time_zone: 'Europe/Paris' });
    } finally {
      await server.ctx.db.query(`update public.site_settings set time_zone = 'UTC'`);
      await server.setClock(new Date());
    }
  });
});
