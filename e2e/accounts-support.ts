import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import sharp from 'sharp';
import { DevMailbox } from '../server/mail/dev-mailbox.ts';
import type { E2EApp } from './support/app.ts';

/** Helpers shared by the e2e/accounts-*.test.ts journeys (sign-in, mail, images). */

export interface DevMail {
  to: string;
  subject: string;
  text: string;
  links: string[];
  created_at: string;
}

/** The newest dev-mailbox message to `to` whose subject matches, waiting for it to arrive. */
export async function waitForMail(app: E2EApp, to: string, subject: RegExp, timeoutMs = 15_000): Promise<DevMail> {
  const { mailer } = app.server.ctx;
  if (!(mailer instanceof DevMailbox)) throw new Error('this server has no dev mailbox');
  const newest = async () => {
    const res = await fetch(`${app.url}${mailer.jsonPath}`);
    const { messages } = (await res.json()) as { messages: DevMail[] };
    return messages
      .filter((m) => m.to.toLowerCase().includes(to.toLowerCase()) && subject.test(m.subject))
      .sort((a, b) => b.created_at.localeCompare(a.created_at))[0];
  };
  let found: DevMail | undefined;
  await expect.poll(async () => (found = await newest()) !== undefined, { timeout: timeoutMs, message: `no mail to ${to} matching ${subject}` }).toBe(true);
  return found!;
}

/** The link in a mail that goes through /auth/v1/verify. */
export function verifyLink(mail: DevMail): string {
  const link = mail.links.find((l) => l.includes('/auth/v1/verify'));
  if (!link) throw new Error(`no verify link in: ${mail.text}`);
  return link;
}

export async function signInThroughForm(page: Page, email: string, password: string) {
  await page.locator('#signin-email').fill(email);
  await page.locator('#signin-password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/signin');
  await signInThroughForm(page, email, password);
  await page.waitForURL((u) => u.pathname === '/');
  await page.getByRole('link', { name: 'Submit Project' }).first().waitFor();
}

/** A real PNG of random pixels (does not compress), about width*height*3 bytes. */
export async function noisePng(width: number, height: number): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 2654435761) >>> 24 ^ (i & 0xff);
  return sharp(raw, { raw: { width, height, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer();
}

/** The toast showing `text` (Radix also announces it in a hidden live region, hence not getByText). */
export function toast(page: Page, text: string) {
  return page.locator('.toast-root').filter({ hasText: text }).first();
}
