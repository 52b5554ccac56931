import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../support/server.ts';
import { browserClient, follow, fragment, gotrue, lastMailTo, uniqueEmail, verifyLinkOf } from '../auth-support.ts';

/**
 * Nobody can take an account that another sign-up started (decisions 100 and 105). Two people
 * sign up with one address that is not confirmed yet; whichever confirmation mail the inbox's
 * owner follows, the newest or the oldest, the account never gets the stranger's password or name.
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

async function accountOf(email: string) {
  const { rows } = await server.ctx.db.query<{ meta: Record<string, unknown>; has_password: boolean; confirmed: boolean }>(
    `select raw_user_meta_data as meta, encrypted_password is not null as has_password, email_confirmed_at is not null as confirmed
       from auth.users where email = $1`,
    [email],
  );
  return rows[0]!;
}

/** Two sign-ups a minute apart; the links of both mails, in the order they came. */
async function twoSignUps(tag: string, first: [string, string], second: [string, string]) {
  const email = uniqueEmail(tag);
  await signUp(email, ...first);
  const firstLink = verifyLinkOf(await lastMailTo(server, email));
  await server.advanceClock(MINUTE);
  await signUp(email, ...second);
  const secondLink = verifyLinkOf(await lastMailTo(server, email));
  expect(secondLink).not.toBe(firstLink);
  return { email, firstLink, secondLink };
}

async function expectNoStrangerTakeover(email: string) {
  expect((await signIn(email, STRANGER_PASSWORD)).error?.code).toBe('invalid_credentials');
  const account = await accountOf(email);
  expect(account.confirmed).toBe(true);
  expect(account.meta.name).not.toBe('attacker');
}

describe('a second sign-up for a waiting address cannot take the account', () => {
  it('owner first, owner follows the newest mail (the stranger’s sign-up): signed in, the stranger’s password and name are not the account’s', async () => {
    const { email, firstLink, secondLink } = await twoSignUps('pending-owner-first-newest', [OWNER_PASSWORD, 'Owner'], [STRANGER_PASSWORD, 'attacker']);
    // Before any link is followed, neither password signs in.
    expect((await signIn(email, STRANGER_PASSWORD)).error?.code).toBe('invalid_credentials');
    expect(fragment(await follow(secondLink)).get('access_token')).toBeTruthy();
    await expectNoStrangerTakeover(email);
    expect((await accountOf(email)).has_password).toBe(false);
    expect(fragment(await follow(firstLink)).get('error_code')).toBe('otp_expired');
  });

  it('owner first, owner follows the oldest mail (their own): signed in, and still no stranger’s password or name', async () => {
    const { email, firstLink, secondLink } = await twoSignUps('pending-owner-first-oldest', [OWNER_PASSWORD, 'Owner'], [STRANGER_PASSWORD, 'attacker']);
    expect(fragment(await follow(firstLink)).get('access_token')).toBeTruthy();
    await expectNoStrangerTakeover(email);
    expect(fragment(await follow(secondLink)).get('error_code')).toBe('otp_expired');
  });

  it('squatter first, owner follows the newest mail (their own sign-up): the squatter’s password and name are not the account’s', async () => {
    const { email, firstLink, secondLink } = await twoSignUps('pending-squatter-first-newest', [STRANGER_PASSWORD, 'attacker'], [OWNER_PASSWORD, 'Owner']);
    expect(fragment(await follow(secondLink)).get('access_token')).toBeTruthy();
    await expectNoStrangerTakeover(email);
    expect(fragment(await follow(firstLink)).get('error_code')).toBe('otp_expired');
    const { rows } = await server.ctx.db.query<{ n: number }>(
      `select count(*)::int as n from platform.pending_signups p join auth.users u on u.id = p.user_id where u.email = $1`,
      [email],
    );
    expect(rows[0]!.n).toBe(0);
  });

  it('squatter first, owner follows the oldest mail (the squatter’s sign-up, after signing up too): the squatter’s password does not work', async () => {
    const { email, firstLink } = await twoSignUps('pending-squatter-first-oldest', [STRANGER_PASSWORD, 'attacker'], [OWNER_PASSWORD, 'Owner']);
    expect(fragment(await follow(firstLink)).get('access_token')).toBeTruthy();
    await expectNoStrangerTakeover(email);
  });

  it('the same person signing up twice with the same password gets their own link again, and keeps password and name', async () => {
    const { email, firstLink, secondLink } = await twoSignUps('pending-same-twice', [OWNER_PASSWORD, 'Owner'], [OWNER_PASSWORD, 'Owner again']);
    expect(fragment(await follow(firstLink)).get('error_code')).toBe('otp_expired');
    expect(fragment(await follow(secondLink)).get('access_token')).toBeTruthy();
    const owner = await signIn(email, OWNER_PASSWORD);
    expect(owner.error).toBeNull();
    expect(owner.data.user?.user_metadata).toEqual({ name: 'Owner' });
  });

  it('one sign-up alone: its link activates its password and name', async () => {
    const email = uniqueEmail('pending-alone');
    await signUp(email, OWNER_PASSWORD, 'Owner');
    expect(fragment(await follow(verifyLinkOf(await lastMailTo(server, email)))).get('access_token')).toBeTruthy();
    const owner = await signIn(email, OWNER_PASSWORD);
    expect(owner.error).toBeNull();
    expect(owner.data.user?.user_metadata).toEqual({ name: 'Owner' });
  });

  it('a repeated sign-up answers exactly as a first one (status and body), showing nothing of the earlier one', async () => {
    const email = uniqueEmail('pending-repeat');
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
