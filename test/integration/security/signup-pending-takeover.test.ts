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

async function pkceSignUp(client: ReturnType<typeof browserClient>, email: string, password: string, name: string) {
  const { error } = await client.auth.signUp({ email, password, options: { data: { name }, emailRedirectTo: `${server.url}/auth/callback` } });
  expect(error).toBeNull();
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

  it('the same person signing up twice with the same password gets their own link again, and their browser gets password and name', async () => {
    const email = uniqueEmail('pending-same-twice');
    const owner = browserClient(server, 'pkce');
    await pkceSignUp(owner, email, OWNER_PASSWORD, 'Owner');
    const firstLink = verifyLinkOf(await lastMailTo(server, email));
    await server.advanceClock(MINUTE);
    await pkceSignUp(owner, email, OWNER_PASSWORD, 'Owner again');
    const secondLink = verifyLinkOf(await lastMailTo(server, email));
    expect(fragment(await follow(firstLink)).get('error_code')).toBe('otp_expired');
    const code = (await follow(secondLink)).searchParams.get('code');
    expect((await owner.auth.exchangeCodeForSession(code!)).error).toBeNull();
    const signedIn = await signIn(email, OWNER_PASSWORD);
    expect(signedIn.error).toBeNull();
    expect(signedIn.data.user?.user_metadata).toEqual({ name: 'Owner' });
  });

  it('one sign-up alone, its link opened in the browser that signed up: its password and name are the account’s', async () => {
    const email = uniqueEmail('pending-alone');
    const owner = browserClient(server, 'pkce');
    await pkceSignUp(owner, email, OWNER_PASSWORD, 'Owner');
    const code = (await follow(verifyLinkOf(await lastMailTo(server, email)))).searchParams.get('code');
    expect((await owner.auth.exchangeCodeForSession(code!)).error).toBeNull();
    const signedIn = await signIn(email, OWNER_PASSWORD);
    expect(signedIn.error).toBeNull();
    expect(signedIn.data.user?.user_metadata).toEqual({ name: 'Owner' });
  });

  it('a squatter’s lone sign-up (implicit flow), followed by the address’s owner: the owner is signed in, the squatter’s password and name are not the account’s', async () => {
    const email = uniqueEmail('pending-lone-squatter');
    await signUp(email, STRANGER_PASSWORD, 'attacker');
    const landing = fragment(await follow(verifyLinkOf(await lastMailTo(server, email))));
    expect(landing.get('access_token')).toBeTruthy();
    await expectNoStrangerTakeover(email);
    expect((await accountOf(email)).has_password).toBe(false);
  });

  it('a squatter’s lone sign-up (PKCE), followed by the owner in their own browser: the squatter’s password never activates', async () => {
    const email = uniqueEmail('pending-lone-squatter-pkce');
    const squatter = browserClient(server, 'pkce');
    await pkceSignUp(squatter, email, STRANGER_PASSWORD, 'attacker');
    const code = (await follow(verifyLinkOf(await lastMailTo(server, email)))).searchParams.get('code');
    // The owner's browser holds no verifier: no session, and nothing activated.
    expect((await browserClient(server, 'pkce').auth.exchangeCodeForSession(code!)).error).not.toBeNull();
    await expectNoStrangerTakeover(email);
    expect((await accountOf(email)).has_password).toBe(false);
    // The squatter's browser holds the verifier but never sees the code, which went to the inbox.
    expect((await squatter.auth.getSession()).data.session).toBeNull();
  });

  it('a link opened in another browser: the confirmation page finishes with the sign-up’s password, and only with it (five tries)', async () => {
    const email = uniqueEmail('pending-finish-elsewhere');
    await pkceSignUp(browserClient(server, 'pkce'), email, OWNER_PASSWORD, 'Owner');
    const code = (await follow(verifyLinkOf(await lastMailTo(server, email)))).searchParams.get('code')!;
    const phone = browserClient(server, 'pkce');
    const finish = (password: string) => phone.functions.invoke('finish-signup', { body: { code, password } });
    const wrong = await finish(STRANGER_PASSWORD);
    expect(wrong.error).not.toBeNull();
    expect(await (wrong.error as { context: Response }).context.json()).toMatchObject({ error: 'invalid_credentials' });
    expect((await accountOf(email)).has_password).toBe(false);
    const right = await finish(OWNER_PASSWORD);
    expect(right.error).toBeNull();
    expect(right.data.access_token).toBeTruthy();
    const signedIn = await signIn(email, OWNER_PASSWORD);
    expect(signedIn.error).toBeNull();
    expect(signedIn.data.user?.user_metadata).toEqual({ name: 'Owner' });
    // The code is spent: neither the page nor an exchange can use it again.
    expect((await finish(OWNER_PASSWORD)).error).not.toBeNull();
  });

  it('the owner following a squatter’s lone link cannot finish with a guess, and five wrong tries drop the squatter’s password for good', async () => {
    const email = uniqueEmail('pending-finish-guess');
    await pkceSignUp(browserClient(server, 'pkce'), email, STRANGER_PASSWORD, 'attacker');
    const code = (await follow(verifyLinkOf(await lastMailTo(server, email)))).searchParams.get('code')!;
    const owner = browserClient(server, 'pkce');
    for (let i = 0; i < 5; i++) expect((await owner.functions.invoke('finish-signup', { body: { code, password: `guess number ${i}` } })).error).not.toBeNull();
    // Even the right one is refused now: the held password is gone.
    expect((await owner.functions.invoke('finish-signup', { body: { code, password: STRANGER_PASSWORD } })).error).not.toBeNull();
    await expectNoStrangerTakeover(email);
    expect((await accountOf(email)).has_password).toBe(false);
  });

  it('finish-signup refuses a missing code or password and a code that is no sign-up’s', async () => {
    const client = browserClient(server, 'pkce');
    for (const body of [{}, { code: 'x' }, { password: 'y' }, { code: '', password: 'y' }]) {
      const { error } = await client.functions.invoke('finish-signup', { body });
      expect(await (error as { context: Response }).context.json()).toMatchObject({ error: 'validation_failed' });
    }
    const { error } = await client.functions.invoke('finish-signup', { body: { code: crypto.randomUUID(), password: OWNER_PASSWORD } });
    expect(await (error as { context: Response }).context.json()).toMatchObject({ error: 'invalid_credentials' });
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
