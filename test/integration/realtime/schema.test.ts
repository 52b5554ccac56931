import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPgError } from '../../../server/db/database.ts';
import { asCaller } from '../../../server/security/request-auth.ts';
import { startTestServer, type TestServer } from '../../support/server.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  // A message row as a project's own code might leave one (ours never does).
  await server.ctx.db.query(`insert into realtime.messages (topic, extension, payload) values ('room', 'broadcast', '{"secret": true}')`);
});
afterAll(() => server?.close());

const roles = [
  { role: 'anon' as const, claims: { role: 'anon' as const } },
  { role: 'authenticated' as const, claims: { role: 'authenticated' as const, sub: '11111111-1111-4111-8111-111111111111' } },
];

async function attempt(auth: (typeof roles)[number], sql: string): Promise<string | Record<string, unknown>[]> {
  try {
    return await asCaller(server.ctx.db, auth, async (tx) => (await tx.query<Record<string, unknown>>(sql)).rows);
  } catch (err) {
    if (isPgError(err)) return err.code;
    throw err;
  }
}

describe.each(roles)('the realtime schema, as $role', (auth) => {
  it('shows no message rows without a policy, and takes none', async () => {
    expect(await attempt(auth, `select topic from realtime.messages`)).toEqual([]);
    expect(await attempt(auth, `insert into realtime.messages (topic, extension) values ('room', 'broadcast')`)).toBe('42501');
  });

  it('lets nobody create objects in it, nor read the change capture', async () => {
    expect(await attempt(auth, `create table realtime.mine (id int)`)).toBe('42501');
    expect(await attempt(auth, `select * from platform.realtime_changes`)).toBe('42501');
    expect(await attempt(auth, `select realtime.topic() as topic`)).toEqual([{ topic: null }]);
  });
});

describe('the realtime schema over REST', () => {
  it('is not exposed', async () => {
    const res = await fetch(`${server.url}/rest/v1/messages`, { headers: { apikey: server.anonKey, 'accept-profile': 'realtime' } });
    expect(res.status).toBe(406);
  });
});
