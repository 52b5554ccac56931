import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../support/server.ts';
import { gotrue, mailbox, PASSWORD, uniqueEmail } from '../auth-support.ts';

/**
 * L2, L3: with e-mail confirmation on, recover, sign-up and resend used to tell registered
 * addresses apart (a 429 on the second recover, an "obfuscated" sign-up answer with role "" and
 * no identities, a 429 on a repeated sign-up). Now every address gets the same status and body.
 */
let server: TestServer;
let registered: string;
let waiting: string;
beforeAll(async () => {
  server = await startTestServer({ AUTH_AUTOCONFIRM: 'false' });
  registered = uniqueEmail('l2-registered');
  await server.service().auth.admin.createUser({ email: registered, password: PASSWORD, email_confirm: true });
  waiting = uniqueEmail('l2-waiting');
  expect((await gotrue(server, 'POST', '/signup', { email: waiting, password: PASSWORD })).status).toBe(200);
});
afterAll(() => server?.close());

/** The answer with what legitimately differs per call (ids, times, the address) blanked out. */
function normalised(res: { status: number; body: Record<string, unknown> }, email: string) {
  const text = JSON.stringify(res.body)
    .replaceAll(email, '<email>')
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<uuid>')
    .replace(/\d{4}-\d{2}-\d{2}T[0-9:.]+Z/g, '<time>');
  return { status: res.status, body: JSON.parse(text) as unknown };
}

describe('password recovery', () => {
  it('recover answers a registered and an unknown address alike, also when asked twice in a row', async () => {
    const unknown = uniqueEmail('l2-unknown');
    const answers = [];
    for (const email of [registered, unknown]) {
      for (let i = 0; i < 3; i++) answers.push(normalised(await gotrue(server, 'POST', '/recover', { email }), email));
    }
    for (const a of answers) expect(a).toEqual({ status: 200, body: {} });
    // The registered address got one e-mail, not three.
    expect((await mailbox(server)).filter((m) => m.to === registered && /Reset/.test(m.subject))).toHaveLength(1);
  });
});

describe('sign-up and resend with confirmation on', () => {
  it('sign-up of a registered, a waiting and a new address answers alike, repeated too', async () => {
    const fresh = uniqueEmail('l3-new');
    const answers = [];
    for (const email of [registered, waiting, fresh]) {
      for (let i = 0; i < 2; i++) {
        answers.push(normalised(await gotrue(server, 'POST', '/signup', { email, password: 'another fine password', data: { name: 'N' } }), email));
      }
    }
    for (const a of answers.slice(1)) expect(a).toEqual(answers[0]);
    const first = answers[0]!.body as { role: string; identities: unknown[]; user_metadata: unknown };
    expect(first.role).toBe('authenticated');
    expect(first.identities).toHaveLength(1);
    expect(first.user_metadata).toEqual({ name: 'N' });
    // The registered account is untouched.
    const signIn = await gotrue(server, 'POST', '/token?grant_type=password', { email: registered, password: PASSWORD });
    expect(signIn.status).toBe(200);
  });

  it('resend answers a registered, a waiting and an unknown address alike, within the per-address minute too', async () => {
    const answers = [];
    for (const email of [registered, waiting, uniqueEmail('l3-unknown')]) {
      for (let i = 0; i < 2; i++) answers.push(normalised(await gotrue(server, 'POST', '/resend', { type: 'signup', email }), email));
    }
    for (const a of answers) expect(a).toEqual({ status: 200, body: {} });
  });

  it('a sign-in with a registered address and a wrong password answers as one with an unknown address', async () => {
    const a = await gotrue(server, 'POST', '/token?grant_type=password', { email: registered, password: 'not the password 1' });
    const b = await gotrue(server, 'POST', '/token?grant_type=password', { email: uniqueEmail('nobody'), password: 'not the password 1' });
    expect({ status: a.status, body: a.body }).toEqual({ status: b.status, body: b.body });
  });
});

describe('auto-confirm keeps GoTrue’s answer', () => {
  it('with auto-confirm, sign-up of a registered address answers 422 user_already_exists', async () => {
    const auto = await startTestServer({ AUTH_AUTOCONFIRM: 'true' });
    try {
      const email = uniqueEmail('i1');
      expect((await gotrue(auto, 'POST', '/signup', { email, password: PASSWORD })).status).toBe(200);
      const again = await gotrue(auto, 'POST', '/signup', { email, password: PASSWORD });
      expect(again.status).toBe(422);
      expect(again.body.code).toBe('user_already_exists');
    } finally {
      await auto.close();
    }
  });
});
