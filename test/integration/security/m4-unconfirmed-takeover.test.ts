import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../support/server.ts';
import { browserClient, follow, fragment, gotrue, lastMailTo, uniqueEmail, verifyLinkOf } from '../auth-support.ts';

/**
 * M4: a sign-up of an address that is not confirmed yet used to replace the waiting password,
 * so a stranger who signed up after the owner (or before) owned the account once the owner
 * followed the newest "Confirm your e-mail" link. Now each sign-up keeps its own password with
 * its own link (decision 100).
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ AUTH_AUTOCONFIRM: 'false' });
});
afterAll(() => server?.close());

const OWNER_PASSWORD = 'owner chose this one';
const STRANGER_PASSWORD = 'stranger chose this';
const MINUTE = 61_000;

async function signUp(email: string, password: string, name: string) {
  const res = await gotrue(server, 'POST', '/signup', { email, password, data: { name } });
  expect(res.status).toBe(200);
  return res.body;
}

async function signIn(email: string, password: string) {
  return browserClient(server).auth.signInWithPassword({ email, password });
}

describe('M4: nobody can capture an unconfirmed address', () => {
  it('M4: a stranger signing up after the owner: the owner confirms their own link, the owner’s password works and the stranger’s fails', async () => {
    const email = uniqueEmail('m4-after');
    await signUp(email, OWNER_PASSWORD, 'Owner');
    const ownerLink = verifyLinkOf(await lastMailTo(server, email));
    await server.advanceClock(MINUTE);
    await signUp(email, STRANGER_PASSWORD, 'attacker');
    const strangerLink = verifyLinkOf(await lastMailTo(server, email));
    expect(strangerLink).not.toBe(ownerLink);
    // Before any link is followed, neither password signs in.
    expect((await signIn(email, STRANGER_PASSWORD)).error?.code).toBe('email_not_confirmed');

    const landing = fragment(await follow(ownerLink));
    expect(landing.get('access_token')).toBeTruthy();
    const owner = await signIn(email, OWNER_PASSWORD);
    expect(owner.error).toBeNull();
    expect(owner.data.user?.user_metadata).toEqual({ name: 'Owner' });
    expect((await signIn(email, STRANGER_PASSWORD)).error?.code).toBe('invalid_credentials');
    // The stranger's link dies with the confirmation.
    expect(fragment(await follow(strangerLink)).get('error_code')).toBe('otp_expired');
  });

  it('M4: a squatter who signed up first: the owner signs up later and confirms their own link, and the squatter’s password fails', async () => {
    const email = uniqueEmail('m4-before');
    await signUp(email, STRANGER_PASSWORD, 'attacker');
    const squatterLink = verifyLinkOf(await lastMailTo(server, email));
    await server.advanceClock(MINUTE);
    await signUp(email, OWNER_PASSWORD, 'Owner');
    const ownerLink = verifyLinkOf(await lastMailTo(server, email));
    expect(ownerLink).not.toBe(squatterLink);

    expect(fragment(await follow(ownerLink)).get('access_token')).toBeTruthy();
    expect((await signIn(email, OWNER_PASSWORD)).error).toBeNull();
    expect((await signIn(email, STRANGER_PASSWORD)).error?.code).toBe('invalid_credentials');
    expect(fragment(await follow(squatterLink)).get('error_code')).toBe('otp_expired');
    const { rows } = await server.ctx.db.query<{ n: number }>(
      `select count(*)::int as n from platform.pending_signups p join auth.users u on u.id = p.user_id where u.email = $1`,
      [email],
    );
    expect(rows[0]!.n).toBe(0);
  });

  it('M4: a repeated sign-up answers exactly as a first one (status and body), showing nothing of the earlier one', async () => {
    const email = uniqueEmail('m4-repeat');
    const first = await signUp(email, OWNER_PASSWORD, 'Owner');
    await server.advanceClock(MINUTE);
    const second = await signUp(email, STRANGER_PASSWORD, 'attacker');
    // Within the minute: nothing kept or sent, same answer.
    const third = await signUp(email, 'a third password', 'third');
    const shape = (u: Record<string, unknown>) => {
      const identities = u.identities as Array<Record<string, unknown>>;
      return {
        keys: Object.keys(u).sort(),
        role: u.role,
        id: u.id,
        identities: identities.map((i) => ({ keys: Object.keys(i).sort(), id: i.identity_id, verified: (i.identity_data as { email_verified: boolean }).email_verified })),
      };
    };
    expect(shape(second)).toEqual(shape(first));
    expect(shape(third)).toEqual(shape(first));
    expect(second.user_metadata).toEqual({ name: 'attacker' });
    expect(third.user_metadata).toEqual({ name: 'third' });
    // Times are the answer's own, not the first sign-up's.
    expect(Date.parse(second.created_at as string)).toBeGreaterThan(Date.parse(first.created_at as string));
  });
});
