import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../../support/server.ts';
import { approve, HOUR, launchMaker, launchSite, submit, TUESDAY_START } from './launch-fixtures.ts';

/** /upcoming's "Notify me" (launch_reminders) and the notices at launch (issue 16). */
let server: TestServer;
let maker: TestUser;
let fan: TestUser;
let upcoming: string;
let launched: string;

beforeAll(async () => {
  server = await startTestServer();
  await launchSite(server);
  maker = await launchMaker(server, 'Rita Reminder');
  fan = await server.createUser({ name: 'Fay Fan' });
  upcoming = (await submit(server, maker, { title: 'Coming Soon', launch_date: '2031-03-11' })).data!.id as string;
  await approve(server, upcoming);
  launched = (await submit(server, maker, { title: 'Already Out' })).data!.id as string;
  await approve(server, launched);
});
afterAll(() => server?.close());

describe('Notify me', () => {
  it('lets a signed-in user ask about an upcoming project, and refuses launched projects, anonymous users and other users’ rows', async () => {
    expect((await fan.client.from('launch_reminders').insert({ project_id: upcoming, user_id: fan.id })).error).toBeNull();
    expect((await fan.client.from('launch_reminders').insert({ project_id: launched, user_id: fan.id })).error).not.toBeNull();
    const other = await server.createUser();
    expect((await other.client.from('launch_reminders').insert({ project_id: upcoming, user_id: fan.id })).error).not.toBeNull();
    const anonymous = await server.signInAnonymously();
    expect((await anonymous.client.from('launch_reminders').insert({ project_id: upcoming, user_id: anonymous.id })).error).not.toBeNull();
    expect((await server.anon().from('launch_reminders').insert({ project_id: upcoming, user_id: fan.id })).error).not.toBeNull();
    expect((await other.client.from('launch_reminders').select('project_id')).data).toEqual([]);
    expect((await fan.client.from('launch_reminders').select('project_id')).data).toEqual([{ project_id: upcoming }]);
    const { rows } = await server.ctx.db.query(`select user_id from public.launch_reminders`);
    expect(rows).toEqual([{ user_id: fan.id }]);
  });

  it('tells the user and the maker once, at launch', async () => {
    const notices = async () =>
      (
        await server.ctx.db.query<{ user_id: string; type: string }>(
          `select user_id, type from public.notifications where project_id = $1 and type in ('launch_went_live', 'project_launched') order by type`,
          [upcoming],
        )
      ).rows;
    await server.runJobs();
    expect(await notices()).toEqual([]);
    await server.setClock(new Date(TUESDAY_START.getTime() + HOUR));
    try {
      const outcome = (await server.runJobs()).find((o) => o.name === 'launch-winners');
      expect(outcome).toMatchObject({ ok: true });
      expect(outcome!.summary).toContain('sent 1 launch reminders');
      expect(await notices()).toEqual([
        { user_id: fan.id, type: 'launch_went_live' },
        { user_id: maker.id, type: 'project_launched' },
      ]);
      await server.advanceClock(10 * 60_000);
      await server.runJobs();
      expect(await notices()).toHaveLength(2);
    } finally {
      await launchSite(server);
    }
  });
});
