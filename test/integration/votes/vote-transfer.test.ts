import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../support/server.ts';
import { browserClient, PASSWORD, uniqueEmail } from '../auth-support.ts';
import { maker, recount, tally, vote } from './votes-fixtures.ts';

/**
 * Signing in to an existing account from an anonymous session (decision 122): the anonymous votes
 * join the account, and a project both voted for keeps one vote. The anonymous session asks for a
 * transfer token; the account hands it back once signed in.
 */
let server: TestServer;
let project: () => Promise<string>;

beforeAll(async () => {
  server = await startTestServer();
  ({ project } = await maker(server));
});
afterAll(() => server?.close());

async function passwordAccount() {
  const email = uniqueEmail('member');
  const { data, error } = await server.service().auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
  if (error) throw error;
  return { id: data.user!.id, email };
}

const votersOf = async (projectId: string) =>
  (await server.ctx.db.query('select user_id from public.project_votes where project_id = $1', [projectId])).rows.map((r) => r.user_id);

describe('signing in from an anonymous session', () => {
  it('moves the anonymous votes to the account and never counts one person twice', async () => {
    const [both, onlyVisitor] = [await project(), await project()];
    const member = await passwordAccount();
    const memberBrowser = browserClient(server);
    await memberBrowser.auth.signInWithPassword({ email: member.email, password: PASSWORD });
    await vote(memberBrowser, both);

    // Another device: a visitor votes for both projects, then signs in to the same account.
    const browser = browserClient(server);
    const { data: anon } = await browser.auth.signInAnonymously();
    const visitorId = anon.user!.id;
    const anonymousRefresh = anon.session!.refresh_token;
    await vote(browser, both);
    await vote(browser, onlyVisitor);
    expect((await tally(server, both)).upvotes).toBe(2);
    const { data: token, error: beginError } = await browser.rpc('begin_vote_transfer');
    expect(beginError).toBeNull();
    expect(token).toMatch(/^[0-9a-f]{64}$/);

    expect((await browser.auth.signInWithPassword({ email: member.email, password: PASSWORD })).error).toBeNull();
    const { data, error } = await browser.rpc('complete_vote_transfer', { transfer_token: token });
    expect(error).toBeNull();
    expect(data).toEqual({ moved: 1, dropped: 1 });

    expect(await tally(server, both)).toMatchObject({ upvotes: 1 });
    expect(await votersOf(both)).toEqual([member.id]);
    expect(await votersOf(onlyVisitor)).toEqual([member.id]);
    // Now the member's vote: it weighs as the member's (a new account), not as an anonymous one.
    expect(await tally(server, onlyVisitor)).toEqual({ upvotes: 1, points: 0.5 });
    expect(await recount(server, both)).toBeCloseTo((await tally(server, both)).points, 12);
    // The anonymous user is gone, and its session with it.
    expect((await server.ctx.db.query('select 1 from auth.users where id = $1', [visitorId])).rows).toEqual([]);
    expect((await browserClient(server).auth.refreshSession({ refresh_token: anonymousRefresh })).error).not.toBeNull();
    // A token works once.
    expect((await browser.rpc('complete_vote_transfer', { transfer_token: token })).data).toEqual({ moved: 0, dropped: 0 });
  });

  it('only an anonymous session hands votes on, and only a permanent one takes them', async () => {
    const member = await server.createUser();
    expect((await member.client.rpc('begin_vote_transfer')).error?.code).toBe('42501');
    expect((await server.anon().rpc('begin_vote_transfer')).status).toBe(401);
    const visitor = await server.signInAnonymously();
    const { data: token } = await visitor.client.rpc('begin_vote_transfer');
    const other = await server.signInAnonymously();
    expect((await other.client.rpc('complete_vote_transfer', { transfer_token: token })).error?.code).toBe('42501');
    expect((await member.client.rpc('complete_vote_transfer', { transfer_token: 'x'.repeat(201) })).error?.code).toBe('22023');
    expect((await member.client.rpc('complete_vote_transfer', { transfer_token: 'not-a-token' })).data).toEqual({ moved: 0, dropped: 0 });
    // The visitor is still there, votes and all, until their own token comes back.
    expect((await server.ctx.db.query('select 1 from auth.users where id = $1', [visitor.id])).rows).toHaveLength(1);
  });

  it('moves nothing from a visitor who signed up meanwhile: a permanent account is never merged away', async () => {
    const id = await project();
    const browser = browserClient(server);
    const { data: anon } = await browser.auth.signInAnonymously();
    await vote(browser, id);
    const { data: token } = await browser.rpc('begin_vote_transfer');
    await browser.auth.updateUser({ email: uniqueEmail('converted'), password: PASSWORD });
    const member = await server.createUser();
    expect((await member.client.rpc('complete_vote_transfer', { transfer_token: token })).data).toEqual({ moved: 0, dropped: 0 });
    expect(await votersOf(id)).toEqual([anon.user!.id]);
  });
});
