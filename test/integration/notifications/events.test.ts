import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_TYPE_INFO } from '../../../domain/notifications.ts';
import { startTestServer, type TestServer, type TestUser } from '../../support/server.ts';
import { allNotifications, anonymousUser, approvedProject, ensureCreator, inbox, postComment, setPreference, upvote } from './fixtures.ts';

/**
 * Each event notifies the right person and no one else: the database writes the notification
 * (never a client), and RLS shows it to its recipient only.
 */
let server: TestServer;
let maker: TestUser;
let visitor: TestUser;
let bystander: TestUser;
let admin: TestUser;
let moderator: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  maker = await server.createUser({ name: 'Mara Maker' });
  visitor = await server.createUser({ name: 'Vic Visitor' });
  bystander = await server.createUser({ name: 'Bea Bystander' });
  admin = await server.createUser({ appRole: 'admin', name: 'Ada Admin' });
  moderator = await server.createUser({ appRole: 'moderator', name: 'Moe Moderator' });
});
afterAll(() => server?.close());

const types = async (user: TestUser) => (await inbox(user)).map((n) => n.type);

describe('notification types', () => {
  it('are the same in the database as in domain/notifications.ts, with the same defaults', async () => {
    const { rows } = await server.ctx.db.query<{ type: string; audience: string; in_app_default: boolean; email_default: string }>(
      'select type, audience, in_app_default, email_default from showcase_private.notification_types order by type',
    );
    const fromDomain = NOTIFICATION_TYPE_INFO.map((i) => ({ type: i.type, audience: i.audience, in_app_default: i.inApp, email_default: i.email }));
    expect(rows).toEqual([...fromDomain].sort((a, b) => a.type.localeCompare(b.type)));
  });
});

describe('a comment on your project', () => {
  it('tells the maker, with who, what and a link, and nobody else', async () => {
    const projectId = await approvedProject(server, maker, 'Recipe Radar');
    const before = (await allNotifications(server)).length;
    const commentId = await postComment(visitor, projectId, 'Love the <b>ingredient</b> search!');

    const [note] = await inbox(maker);
    expect(note).toMatchObject({
      type: 'comment_on_project',
      user_id: maker.id,
      link: `/projects/${projectId}`,
      read_at: null,
      data: { actor_name: 'Vic Visitor', project_title: 'Recipe Radar', excerpt: 'Love the <b>ingredient</b> search!' },
    });
    expect(await allNotifications(server)).toHaveLength(before + 1);
    for (const other of [visitor, bystander, admin]) expect(await types(other)).not.toContain('comment_on_project');

    // Deleting the comment takes its notice away.
    await visitor.client.from('project_comments').delete().eq('id', commentId);
    expect(await types(maker)).not.toContain('comment_on_project');
  });

  it('does not tell makers about their own comments', async () => {
    const projectId = await approvedProject(server, bystander, 'Solo Notes');
    await postComment(bystander, projectId, 'Changelog: dark mode.');
    expect(await types(bystander)).not.toContain('comment_on_project');
  });

  it('cuts a long comment to an excerpt', async () => {
    const projectId = await approvedProject(server, maker, 'Long Reads');
    await postComment(visitor, projectId, 'word '.repeat(100));
    const note = (await inbox(maker)).find((n) => n.data.project_title === 'Long Reads')!;
    expect((note.data.excerpt as string).length).toBe(200);
    expect(note.data.excerpt).toMatch(/…$/);
  });
});

describe('preferences', () => {
  it('in-app off keeps the notice out of the inbox; with e-mail off too, nothing is written at all', async () => {
    const quiet = await server.createUser({ name: 'Quinn Quiet' });
    const projectId = await approvedProject(server, quiet, 'Hush');
    await setPreference(quiet, 'comment_on_project', false, 'instant');
    await postComment(visitor, projectId, 'Mail only');
    expect(await types(quiet)).toEqual([]);
    const mailed = await server.ctx.db.query(`select 1 from platform.email_outbox where user_id = $1 and stream = 'comment_on_project'`, [quiet.id]);
    expect(mailed.rows).toHaveLength(1);

    await setPreference(quiet, 'comment_on_project', false, 'off');
    await postComment(visitor, projectId, 'Nothing at all');
    const written = (await allNotifications(server)).filter((n) => n.user_id === quiet.id);
    expect(written).toHaveLength(1); // the first one, kept hidden
    expect(written[0]!.in_app).toBe(false);
  });
});

describe('upvotes on your project', () => {
  it('are one notice per project per day, counting each person once, updated and unread again', async () => {
    await server.setClock(new Date('2031-05-06T10:00:00Z'));
    const projectId = await approvedProject(server, maker, 'Vote Magnet');
    const voters = await Promise.all([1, 2, 3].map(() => server.createUser()));

    await upvote(voters[0]!, projectId);
    let notes = (await inbox(maker)).filter((n) => n.type === 'project_upvotes');
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ actor_count: 1, data: { project_title: 'Vote Magnet', day: '2031-05-06' } });
    // Voters are not named.
    expect(notes[0]!.data).not.toHaveProperty('actor_name');

    await maker.client.rpc('mark_notifications_read', { notification_ids: [notes[0]!.id] });
    await upvote(voters[1]!, projectId);
    await upvote(voters[2]!, projectId);
    // Toggling off and on again is still one person.
    await upvote(voters[2]!, projectId);
    await upvote(voters[2]!, projectId);
    // A visitor's vote (an anonymous session) counts as a person too.
    await upvote(await server.signInAnonymously(), projectId);
    notes = (await inbox(maker)).filter((n) => n.type === 'project_upvotes');
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ actor_count: 4, read_at: null });

    // The next day starts a new notice.
    await server.advanceClock(24 * 3_600_000);
    await upvote(voters[0]!, projectId); // off
    await upvote(voters[0]!, projectId); // on again, on a new day
    notes = (await inbox(maker)).filter((n) => n.type === 'project_upvotes');
    expect(notes.map((n) => [n.data.day, n.actor_count])).toEqual([
      ['2031-05-07', 1],
      ['2031-05-06', 4],
    ]);
    for (const other of [...voters, bystander]) expect(await types(other)).not.toContain('project_upvotes');
  });

  it('follow the maker’s time zone for "a day"', async () => {
    await server.setClock(new Date('2031-06-01T02:30:00Z'));
    const projectId = await approvedProject(server, bystander, 'Night Owl');
    const { error } = await bystander.client.from('profile_settings').upsert({ time_zone: 'America/Los_Angeles' }).select();
    expect(error).toBeNull();
    await upvote(visitor, projectId);
    const [note] = (await inbox(bystander)).filter((n) => n.type === 'project_upvotes');
    // 02:30 UTC is still the evening before in Los Angeles.
    expect(note!.data.day).toBe('2031-05-31');
  });

  it('are not raised by makers upvoting their own project', async () => {
    const projectId = await approvedProject(server, visitor, 'Self Promo');
    await upvote(visitor, projectId);
    expect((await inbox(visitor)).filter((n) => n.type === 'project_upvotes' && n.data.project_title === 'Self Promo')).toHaveLength(0);
  });
});

describe('review results', () => {
  it('tell the maker when a moderator approves, and when an admin rejects, with the reason', async () => {
    const pending = await submit(maker, 'Pending Pal');
    await moderator.client.rpc('review_project', { project_id: pending, action: 'approve' });
    const approved = (await inbox(maker)).find((n) => n.type === 'project_approved')!;
    expect(approved).toMatchObject({ link: `/projects/${pending}`, data: { project_title: 'Pending Pal' } });

    const other = await submit(maker, 'Ad Spam');
    await admin.client.rpc('review_project', { project_id: other, action: 'reject', reason: 'Promotional content only' });
    const rejected = (await inbox(maker)).find((n) => n.type === 'project_rejected')!;
    expect(rejected).toMatchObject({ link: '/my-projects', data: { project_title: 'Ad Spam', reason: 'Promotional content only' } });
    for (const other of [visitor, bystander]) expect(await types(other)).not.toContain('project_approved');
  });

  it('are not raised when moderation is off and a submission publishes itself', async () => {
    await admin.client.from('site_settings').update({ moderation_enabled: false }).eq('id', true);
    try {
      const id = await submit(bystander, 'Instant Publish');
      const { data } = await server.anon().from('projects').select('status').eq('id', id).single();
      expect(data).toEqual({ status: 'approved' });
      const mine = await types(bystander);
      expect(mine).not.toContain('project_approved');
      for (const staff of [admin, moderator]) {
        expect((await inbox(staff)).some((n) => n.data.project_title === 'Instant Publish')).toBe(false);
      }
    } finally {
      await admin.client.from('site_settings').update({ moderation_enabled: true }).eq('id', true);
    }
  });
});

describe('for staff', () => {
  it('a new submission notifies every admin and moderator, not members, and reads as read once reviewed', async () => {
    const id = await submit(visitor, 'Fresh Submission');
    for (const staff of [admin, moderator]) {
      const note = (await inbox(staff)).find((n) => n.type === 'submission_to_review' && n.data.project_title === 'Fresh Submission');
      expect(note).toMatchObject({ link: '/admin/projects', read_at: null, data: { actor_name: 'Vic Visitor' } });
    }
    for (const member of [maker, visitor, bystander]) expect(await types(member)).not.toContain('submission_to_review');

    await moderator.client.rpc('review_project', { project_id: id, action: 'approve' });
    const note = (await inbox(admin)).find((n) => n.type === 'submission_to_review' && n.data.project_title === 'Fresh Submission');
    expect(note!.read_at).not.toBeNull();
  });

  it('a maker’s edit that sends a project back to review is a new submission', async () => {
    const projectId = await approvedProject(server, maker, 'Edited Later');
    const { error } = await maker.client.from('projects').update({ description: 'Now with more AI' }).eq('id', projectId);
    expect(error).toBeNull();
    expect((await inbox(admin)).some((n) => n.type === 'submission_to_review' && n.data.project_title === 'Edited Later')).toBe(true);
  });

  it('a new report notifies staff; resolving it tells its reporter, dismissing does not', async () => {
    const projectId = await approvedProject(server, maker, 'Questionable');
    const { data: report, error } = await bystander.client
      .from('reports')
      .insert({ type: 'project', target_id: projectId, reason: 'Looks like spam' })
      .select('id')
      .single();
    expect(error).toBeNull();
    for (const staff of [admin, moderator]) {
      const note = (await inbox(staff)).find((n) => n.type === 'report_filed' && n.data.reported_item === 'Questionable');
      expect(note).toMatchObject({ link: '/admin/moderation', data: { reason: 'Looks like spam' } });
    }
    expect(await types(maker)).not.toContain('report_filed');
    expect(await types(bystander)).not.toContain('report_filed');

    await moderator.client.rpc('moderate_report', { report_id: (report as { id: string }).id, decision: 'resolved' });
    const resolved = (await inbox(bystander)).find((n) => n.type === 'report_resolved')!;
    expect(resolved.data).toMatchObject({ reported_item: 'Questionable' });
    expect(await types(maker)).not.toContain('report_resolved');

    const { data: second } = await visitor.client
      .from('reports')
      .insert({ type: 'project', target_id: projectId, reason: 'Not sure' })
      .select('id')
      .single();
    await moderator.client.rpc('moderate_report', { report_id: (second as { id: string }).id, decision: 'dismissed' });
    expect(await types(visitor)).not.toContain('report_resolved');
  });
});

describe('anonymous users (issue 14)', () => {
  it('can vote, and their vote tells the maker, but they receive nothing and see no inbox', async () => {
    const someone = await anonymousUser(server);
    const projectId = await approvedProject(server, maker, 'Anon Friendly');
    // A project of theirs (impossible through the API) would not make them a recipient either.
    const ghostProject = await approvedProject(server, someone, 'Ghost Project');

    await upvote(someone, projectId);
    expect((await inbox(maker)).some((n) => n.type === 'project_upvotes' && n.data.project_title === 'Anon Friendly')).toBe(true);

    await postComment(visitor, ghostProject, 'Hello ghost');
    await upvote(visitor, ghostProject);
    expect((await allNotifications(server)).filter((n) => n.user_id === someone.id)).toEqual([]);
    const { data, error } = await someone.client.from('notifications').select('id');
    expect(error).toBeNull();
    expect(data).toEqual([]);
  });
});

/** A maker submits a project through the API, as the form does. */
async function submit(user: TestUser, title: string): Promise<string> {
  await ensureCreator(server, user);
  const { data, error } = await user.client
    .from('projects')
    .insert({ title, description: 'A project', tool: 'Bolt', category: 'App', creator_id: user.id, upvotes: 0, featured: false })
    .select('id')
    .single();
  if (error) throw error;
  return (data as { id: string }).id;
}
