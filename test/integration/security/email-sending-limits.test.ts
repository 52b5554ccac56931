import { FunctionsHttpError } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../support/server.ts';
import { browserClient, mailbox, PASSWORD, uniqueEmail } from '../auth-support.ts';

/** L11: GET /auth/v1/reauthenticate sent a mail on every call; so could other mail-sending endpoints. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ AUTH_AUTOCONFIRM: 'true', RATE_LIMIT_EMAIL: '4/300' });
});
afterAll(() => server?.close());

async function signedIn() {
  const email = uniqueEmail('l11');
  const client = browserClient(server);
  expect((await client.auth.signUp({ email, password: PASSWORD })).error).toBeNull();
  return { email, client };
}

const codesTo = async (email: string) => (await mailbox(server)).filter((m) => m.to === email && /verification code/.test(m.subject)).length;

describe('e-mail-sending endpoints are rate limited', () => {
  it('reauthenticate sends one e-mail a minute per address, then answers 429 over_email_send_rate_limit', async () => {
    const { email, client } = await signedIn();
    expect((await client.auth.reauthenticate()).error).toBeNull();
    const again = await client.auth.reauthenticate();
    expect(again.error?.status).toBe(429);
    expect(again.error?.code).toBe('over_email_send_rate_limit');
    expect(await codesTo(email)).toBe(1);
    await server.advanceClock(61_000);
    expect((await client.auth.reauthenticate()).error).toBeNull();
    expect(await codesTo(email)).toBe(2);
  });

  it('reauthenticate and the admin invitation count against the per-IP e-mail limit', async () => {
    await server.advanceClock(301_000);
    const admin = await server.createUser({ appRole: 'admin' });
    const invite = () => admin.client.functions.invoke('admin-invite-user', { body: { email: uniqueEmail('l11-invite') } });
    for (let i = 0; i < 4; i++) expect((await invite()).error, `invite ${i}`).toBeNull();
    const refused = await invite();
    expect((refused.error as FunctionsHttpError).context.status).toBe(429);
    const { client } = await signedIn();
    const reauth = await client.auth.reauthenticate();
    expect(reauth.error?.status).toBe(429);
    expect(reauth.error?.code).toBe('over_request_rate_limit');
  });
});
