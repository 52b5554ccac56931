import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../support/server.ts';
import { gotrue, PASSWORD, uniqueEmail } from '../auth-support.ts';

/**
 * L5: the only guard on password guessing was per client IP, so sixty addresses behind a proxy
 * guessed one account sixty times. Now wrong passwords count per account too (10 per 15 minutes,
 * RATE_LIMIT_SIGNIN_FAILURES' default), then the account's password sign-in cools down until the
 * window ends. The test plays many clients through a trusted proxy (TRUST_PROXY).
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: '127.0.0.1', RATE_LIMIT_SIGNIN_FAILURES: '10/900' });
});
afterAll(() => server?.close());

let client = 0;
const fromNewClient = () => ({ 'x-forwarded-for': `198.51.100.${++client % 250}` });
const signIn = (email: string, password: string) => gotrue(server, 'POST', '/token?grant_type=password', { email, password }, fromNewClient());

describe('password guessing', () => {
  it('ten wrong passwords from ten client IPs cool the account down; the owner gets in once the window ends', async () => {
    const email = uniqueEmail('l5');
    await server.service().auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
    for (let i = 0; i < 10; i++) {
      const res = await signIn(email, `wrong guess ${i}`);
      expect(res.status, `guess ${i}`).toBe(400);
      expect(res.body.code).toBe('invalid_credentials');
    }
    const blocked = await signIn(email, 'wrong guess 10');
    expect(blocked.status).toBe(429);
    expect(blocked.body.code).toBe('over_request_rate_limit');
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    // The right password is refused too while cooling down, or the cool-down would tell.
    expect((await signIn(email, PASSWORD)).status).toBe(429);
    // Another account is not affected.
    const other = uniqueEmail('l5-other');
    await server.service().auth.admin.createUser({ email: other, password: PASSWORD, email_confirm: true });
    expect((await signIn(other, PASSWORD)).status).toBe(200);

    await server.advanceClock(15 * 60_000 + 1000);
    expect((await signIn(email, PASSWORD)).status).toBe(200);
  });

  it('an unknown address cools down exactly like a registered one', async () => {
    const email = uniqueEmail('l5-unknown');
    for (let i = 0; i < 10; i++) expect((await signIn(email, `wrong guess ${i}`)).status).toBe(400);
    expect((await signIn(email, 'wrong guess 10')).status).toBe(429);
  });

  it('wrong current passwords on a password change count against the same account', async () => {
    const email = uniqueEmail('l5-change');
    await server.service().auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
    const session = await signIn(email, PASSWORD);
    const auth = { authorization: `Bearer ${session.body.access_token as string}` };
    const change = (current: string) => gotrue(server, 'PUT', '/user', { password: 'a new password 123', current_password: current }, auth);
    for (let i = 0; i < 10; i++) expect((await change(`wrong ${i}`)).body.code).toBe('invalid_credentials');
    expect((await change(PASSWORD)).status).toBe(429);
    expect((await signIn(email, PASSWORD)).status).toBe(429);
  });
});
