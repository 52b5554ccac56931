import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInThroughForm, toast, verifyLink, waitForMail } from './accounts-support.ts';
import { startApp, watchErrors, type E2EApp } from './support/app.ts';

/**
 * Sign-up with e-mail confirmation on (the spec's default), sign-in, sign-out, password reset and
 * the server's rate limit, all through the browser and the dev mailbox.
 */
let app: E2EApp;

beforeAll(async () => {
  app = await startApp({ AUTH_AUTOCONFIRM: 'false', RATE_LIMIT_SIGNUP: '4/3600' });
});
afterAll(async () => {
  await app?.close();
});

const PASSWORD = 'a-long-enough-password-1';
const email = (tag: string) => `${tag}-${Math.random().toString(36).slice(2, 8)}@example.test`;

async function userCount(address: string): Promise<number> {
  const { data } = await app.service().auth.admin.listUsers({ perPage: 1000 });
  return data.users.filter((u) => u.email === address).length;
}

async function fillSignUp(page: import('playwright-core').Page, values: { email: string; password: string; confirm: string; agree: boolean }) {
  await page.locator('#signup-email').fill(values.email);
  await page.locator('#signup-password').fill(values.password);
  await page.locator('#signup-confirm').fill(values.confirm);
  await page.getByRole('checkbox', { name: /I agree to the Terms and Privacy Policy and I am 13 or older/ }).setChecked(values.agree);
  await page.getByRole('button', { name: 'Create account' }).click();
}

describe('sign-up form', () => {
  it('shows the spec messages for a bad e-mail and mismatched passwords, the password rules, and the terms check, storing nothing', async () => {
    const page = await app.newPage();
    const settings = page.waitForResponse((r) => r.url().endsWith('/auth/v1/settings'));
    await page.goto('/signup');
    await page.getByRole('heading', { name: 'Create an account' }).waitFor();
    // GitHub is not configured on this server, so its button is not offered.
    await settings;
    expect(await page.getByRole('button', { name: 'Continue with GitHub' }).count()).toBe(0);
    await page.getByText('Join our community of AI enthusiasts').waitFor();
    await page.getByText('At least 8 characters.').waitFor();
    expect(await page.getByRole('link', { name: 'Sign in', exact: true }).last().getAttribute('href')).toBe('/signin');

    const address = email('bad');
    await fillSignUp(page, { email: 'not-an-email', password: PASSWORD, confirm: PASSWORD, agree: true });
    await page.locator('.toast-root', { hasText: 'Invalid email' }).getByText('Please enter a valid email address.').waitFor();

    await fillSignUp(page, { email: address, password: PASSWORD, confirm: `${PASSWORD}x`, agree: false });
    await page.locator('.toast-root', { hasText: 'Password mismatch' }).getByText('Passwords do not match. Please try again.').waitFor();
    await page.getByText('Please confirm that you agree to the Terms and Privacy Policy and are 13 or older.').waitFor();

    await page.locator('#signup-password').fill('short');
    await page.locator('#signup-confirm').fill('short');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.locator('#signup-password-error', { hasText: 'Password should be at least 8 characters.' }).waitFor();

    expect(page.url()).toMatch(/\/signup$/);
    expect(await userCount(address)).toBe(0);
  });
});

describe('sign-up, confirmation, sign-in and sign-out', () => {
  it('signs up, confirms by the e-mailed link through /auth/callback, signs out to / and signs in again', async () => {
    const page = await app.newPage();
    const errors = watchErrors(page);
    const address = email('new');
    await page.goto('/signup');
    await fillSignUp(page, { email: address, password: PASSWORD, confirm: PASSWORD, agree: true });
    await page.waitForURL((u) => u.pathname === '/signin');
    await toast(page, 'Please check your email to confirm your account.').waitFor();
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();

    // The link carries a PKCE code that this browser (which asked for it) exchanges on /auth/callback.
    const mail = await waitForMail(app.url, address, /confirm/i);
    await page.goto(verifyLink(mail));
    await page.waitForURL((u) => u.pathname === '/');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menu').getByText(address).waitFor();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.getByRole('link', { name: 'Sign in', exact: true }).first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/');

    // A wrong password is the spec's generic failure; the right one signs in and goes home.
    await page.goto('/signin');
    await signInThroughForm(page, address, 'wrong-password-123');
    await toast(page, 'Failed to sign in. Please check your credentials.').waitFor();
    await signInThroughForm(page, address, PASSWORD);
    await page.waitForURL((u) => u.pathname === '/');
    await toast(page, 'You have been signed in successfully.').waitFor();
    expect(errors.pageErrors).toEqual([]);
  });

  it('refuses sign-in before confirmation with its own message and a resend action', async () => {
    const page = await app.newPage();
    const address = email('unconfirmed');
    await page.goto('/signup');
    await fillSignUp(page, { email: address, password: PASSWORD, confirm: PASSWORD, agree: true });
    await page.waitForURL((u) => u.pathname === '/signin');
    await signInThroughForm(page, address, PASSWORD);
    await page.getByText('Your e-mail address is not confirmed yet').waitFor();
    await toast(page, 'Email not confirmed').waitFor();
    // The sign-up mail went out seconds ago; the server allows one a minute and says so.
    await page.getByRole('button', { name: 'Resend confirmation' }).click();
    await toast(page, 'Too many attempts').getByText(/seconds/).waitFor();
    await page.getByRole('button', { name: 'Resend confirmation' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/signin');
  });
});

describe('password reset', () => {
  it('e-mails a link that lets the user set a new password and sign in with it', async () => {
    const address = email('reset');
    const { error } = await app.service().auth.admin.createUser({ email: address, password: PASSWORD, email_confirm: true });
    expect(error).toBeNull();
    const page = await app.newPage();
    await page.goto('/signin');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
    await page.locator('#forgot-email').fill(address);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText(`If an account exists for ${address}`).waitFor();

    const mail = await waitForMail(app.url, address, /reset/i);
    await page.goto(verifyLink(mail));
    await page.waitForURL((u) => u.pathname === '/reset-password');
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await page.locator('#reset-password').fill('new-password-456');
    await page.locator('#reset-confirm').fill('new-password-457');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.locator('#reset-confirm-error', { hasText: 'Passwords do not match. Please try again.' }).waitFor();
    await page.locator('#reset-confirm').fill('new-password-456');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await toast(page, 'Password updated').waitFor();

    const check = app.anon();
    expect((await check.auth.signInWithPassword({ email: address, password: PASSWORD })).error).not.toBeNull();
    expect((await check.auth.signInWithPassword({ email: address, password: 'new-password-456' })).error).toBeNull();
  });

  it('explains a reset link that no longer works', async () => {
    const page = await app.newPage();
    await page.goto('/reset-password?error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired');
    await page.getByRole('heading', { name: 'Reset link not valid' }).waitFor();
    await page.getByRole('link', { name: 'Send a new link' }).waitFor();
  });
});

describe('rate limit', () => {
  it("shows 'Too many attempts' when the server refuses more sign-ups", async () => {
    const page = await app.newPage();
    let limited = false;
    // RATE_LIMIT_SIGNUP is 4 per hour for this server; earlier tests may have used some.
    for (let i = 0; i < 5 && !limited; i++) {
      await page.goto('/signup');
      await fillSignUp(page, { email: email('flood'), password: PASSWORD, confirm: PASSWORD, agree: true });
      const outcome = await Promise.race([
        page.waitForURL((u) => u.pathname === '/signin').then(() => 'ok' as const),
        toast(page, 'Please wait a moment before trying again.').waitFor().then(() => 'limited' as const),
      ]);
      limited = outcome === 'limited';
    }
    expect(limited).toBe(true);
    await page.locator('.toast-root', { hasText: 'Too many attempts' }).waitFor();
  });
});
