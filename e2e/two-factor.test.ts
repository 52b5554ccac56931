import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setAdminRole } from '../server/auth/admin-role.ts';
import { signIn, signInThroughForm, toast } from './accounts-support.ts';
import { startApp, watchErrors, type E2EApp } from './support/app.ts';

/**
 * Issue 36 item 5 in the browser: an admin turns on two-factor authentication in Profile, signs
 * out, signs in with the password and a code from the app, and reviews a project; the same
 * password without the code opens only an aal1 session, which no staff action accepts.
 */
let app: E2EApp;
let admin: Awaited<ReturnType<E2EApp['createUser']>>;

const PERIOD = 30;
const stepNow = () => Math.floor(Date.now() / 1000 / PERIOD);

/** The authenticator app: the code of the 30 s step at `at` (now) for this secret. */
const codeFor = (secret: string, at = Date.now()) => new TOTP({ secret: Secret.fromBase32(secret), period: PERIOD }).generate({ timestamp: at });

/**
 * The server accepts a code's step only once (and the one before it never after): wait until the
 * clock is in a later step than `used`, for exactly as long as that takes.
 */
async function untilStepAfter(used: number) {
  while (stepNow() <= used) {
    const nextStepAt = (stepNow() + 1) * PERIOD * 1000;
    await new Promise((resolve) => setTimeout(resolve, nextStepAt - Date.now() + 50));
  }
}

async function pendingProject(title: string) {
  const maker = await app.createUser({ name: `Maker ${title}` });
  const creator = await maker.client.from('creators').upsert({ id: maker.id, name: `Maker ${title}` });
  if (creator.error) throw creator.error;
  const { data, error } = await maker.client
    .from('projects')
    .insert({ title, description: 'Built over a weekend', tool: 'Lovable', category: 'App', creator_id: maker.id, upvotes: 0, featured: false })
    .select('id')
    .single();
  if (error) throw error;
  return (data as { id: string }).id;
}

async function statusOf(id: string) {
  const { data } = await app.service().from('projects').select('status').eq('id', id).single();
  return (data as { status: string }).status;
}

beforeAll(async () => {
  app = await startApp();
  admin = await app.createUser({ name: 'Tess Twofactor' });
  expect(await setAdminRole(app.server.ctx.db, admin.email, 'grant')).toBe(true);
});
afterAll(async () => {
  await app?.close();
});

describe('two-factor authentication for staff', () => {
  let secret = '';
  let enrolledAt = 0;
  let recoveryCodes: string[] = [];

  it('an admin enrolls TOTP in Profile with the QR code or the key shown, after a wrong code is refused', async () => {
    const page = await app.newPage();
    const errors = watchErrors(page);
    await signIn(page, admin.email, admin.password);
    await page.goto('/profile');
    await page.getByRole('heading', { level: 2, name: 'Two-factor authentication' }).waitFor();
    await page.getByRole('button', { name: 'Set up two-factor authentication' }).click();
    await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    secret = (await page.getByTestId('totp-secret').textContent())!.trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);

    await page.getByLabel('Code from the app').fill(codeFor(secret) === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Verify and turn on' }).click();
    await page.getByText('That code is not right.', { exact: false }).waitFor();
    expect((await app.service().auth.admin.mfa.listFactors({ userId: admin.id })).data?.factors.map((f) => f.status)).toEqual(['unverified']);

    const at = Date.now();
    enrolledAt = Math.floor(at / 1000 / PERIOD);
    await page.getByLabel('Code from the app').fill(codeFor(secret, at));
    await page.getByRole('button', { name: 'Verify and turn on' }).click();
    await page.getByText('Two-factor authentication is on', { exact: true }).first().waitFor();
    await page.getByRole('button', { name: 'Remove authenticator app' }).waitFor();
    const factors = (await app.service().auth.admin.mfa.listFactors({ userId: admin.id })).data?.factors ?? [];
    expect(factors.map((f) => f.status)).toEqual(['verified']);

    // Recovery codes, shown once.
    await page.getByRole('heading', { level: 3, name: 'Recovery codes' }).waitFor();
    await page.getByRole('button', { name: 'Generate recovery codes' }).click();
    const list = page.getByRole('list', { name: 'Your recovery codes' });
    await list.waitFor();
    recoveryCodes = (await list.getByRole('listitem').allTextContents()).map((c) => c.trim());
    expect(recoveryCodes).toHaveLength(10);
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await page.getByText('10 of 10 recovery codes left.', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Regenerate recovery codes' }).waitFor();
    expect(await list.count()).toBe(0);

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.getByRole('link', { name: 'Sign in', exact: true }).first().waitFor();
    expect(errors.pageErrors).toEqual([]);
  });

  it('signs in with the password and then a code from the app, and performs a review', async () => {
    expect(secret).not.toBe('');
    const projectId = await pendingProject('Two Factor Review');
    const page = await app.newPage();
    const errors = watchErrors(page);

    // The staff page sends the visitor to sign in; the password alone leads only to the code step.
    await page.goto('/admin/projects');
    await page.waitForURL((u) => u.pathname === '/signin');
    await signInThroughForm(page, admin.email, admin.password);
    await page.getByText('Enter the code from your authenticator app', { exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/signin');
    // Not signed in anywhere else meanwhile: the admin sends the aal1 session back to the code step.
    await page.goto('/admin');
    await page.waitForURL((u) => u.pathname === '/signin');
    await page.getByText('Enter the code from your authenticator app', { exact: true }).waitFor();

    await page.getByRole('textbox', { name: 'Authentication code' }).fill('12345');
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await page.getByText('Enter the 6-digit code from your authenticator app', { exact: true }).waitFor();

    // The enrolment's code cannot be used again: a fresh one, from the next 30 s step.
    await untilStepAfter(enrolledAt);
    await page.getByRole('textbox', { name: 'Authentication code' }).fill(codeFor(secret));
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/admin');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();

    await page.goto('/admin/projects');
    await page.locator(`tr[data-project-id="${projectId}"]`).getByRole('button', { name: 'Approve' }).click();
    await toast(page, 'Project approved. It is now public.').waitFor();
    expect(await statusOf(projectId)).toBe('approved');

    // From this aal2 session the admin may require two-factor of all staff.
    await page.goto('/admin/settings');
    await page.getByRole('tab', { name: 'Security' }).click();
    await page.getByRole('switch', { name: 'Require two-factor for staff' }).click();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, 'Settings saved successfully.').waitFor();
    const { rows } = await app.server.ctx.db.query<{ on: boolean }>(`select require_staff_two_factor as on from public.site_settings`);
    expect(rows[0]!.on).toBe(true);
    expect(errors.pageErrors).toEqual([]);
  });

  it('a recovery code stands in for the app once, when the phone is lost', async () => {
    expect(recoveryCodes).toHaveLength(10);
    const page = await app.newPage();
    await page.goto('/signin');
    await signInThroughForm(page, admin.email, admin.password);
    await page.getByRole('button', { name: 'Lost your phone? Use a recovery code' }).click();
    await page.getByRole('textbox', { name: 'Recovery code' }).fill('aaaaa-aaaaa');
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await page.getByText('That recovery code is not right, or it was already used.', { exact: true }).waitFor();
    await page.getByRole('textbox', { name: 'Recovery code' }).fill(recoveryCodes[0]!);
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await page.getByRole('button', { name: 'Account menu' }).waitFor();
    const { rows } = await app.server.ctx.db.query<{ n: number }>(
      `select count(*)::int as n from auth.mfa_recovery_codes where user_id = $1 and used_at is null`,
      [admin.id],
    );
    expect(rows[0]!.n).toBe(9);
  });

  it('refuses every staff action to the same password at aal1, and changes nothing', async () => {
    const projectId = await pendingProject('Two Factor Refused');
    const { data, error } = await admin.client.auth.signInWithPassword({ email: admin.email, password: admin.password });
    expect(error).toBeNull();
    const levels = await admin.client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(levels.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });
    expect(data.session).not.toBeNull();

    const stats = await admin.client.rpc('admin_dashboard_stats');
    expect(stats.error).not.toBeNull();
    const update = await admin.client.from('projects').update({ status: 'approved' }).eq('id', projectId).select('id');
    expect(update.data ?? []).toEqual([]);
    expect(await statusOf(projectId)).toBe('pending');
  });
});
