import type { TestServer, TestUser } from '../../support/server.ts';
import { projectPayload } from '../schema-fixtures.ts';

/** Monday 10 March 2031, 11:00 in Paris (UTC+1): the suites' "now". */
export const MONDAY = new Date('2031-03-10T10:00:00Z');
/** 00:00 of Tuesday 11 March in Paris. */
export const TUESDAY_START = new Date('2031-03-10T23:00:00Z');
export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

/** The site in Paris, launches counted from the suite's Monday, on the suite's clock. */
export async function launchSite(server: TestServer): Promise<void> {
  await server.setClock(MONDAY);
  await server.ctx.db.query(`update public.site_settings set time_zone = 'Europe/Paris', launches_per_day = 0, launch_shuffle = true`);
  await server.ctx.db.query(`update showcase_private.launches_since set day = date '2031-03-10'`);
}

/** A maker with a creator profile. */
export async function launchMaker(server: TestServer, name: string): Promise<TestUser> {
  const user = await server.createUser({ name });
  const { error } = await server.service().from('creators').insert({ id: user.id, name });
  if (error) throw new Error(`creator: ${error.message}`);
  return user;
}

/** The maker submits (pending), as the form does. */
export async function submit(server: TestServer, maker: TestUser, overrides: Record<string, unknown> = {}) {
  return maker.client.from('projects').insert(projectPayload(maker.id, overrides)).select('id, launch_date, launched_at, status').single();
}

/** A moderator's approval through the review function. */
export async function approve(server: TestServer, projectId: string): Promise<void> {
  await server.ctx.db.query(`update public.projects set status = 'approved' where id = $1`, [projectId]);
}
