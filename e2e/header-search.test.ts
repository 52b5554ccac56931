import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyTheme, seriousA11yViolations, startApp, watchErrors, type E2EApp } from './support/app.ts';

/**
 * The header's search combobox (issue 34, item 2), by keyboard at 1280 and 375 px: `/` and
 * ⌘K / Ctrl+K open it, suggestions come grouped as you type, the arrows walk them, Enter opens the
 * chosen one or searches the list for free text, Escape closes it; axe finds nothing wrong with it
 * open, in either theme.
 */
let app: E2EApp;
let projectId: string;
let makerId: string;

beforeAll(async () => {
  app = await startApp();
  const maker = await app.createUser({ name: 'Zephyrine Quill' });
  makerId = maker.id;
  const creator = await maker.client.from('creators').upsert({ id: maker.id, name: 'Zephyrine Quill' });
  if (creator.error) throw creator.error;
  const { rows } = await app.server.ctx.db.query<{ id: string }>(
    `insert into public.projects (title, description, tool, category, creator_id, status)
     values ('Zephyr Zine', 'A zine about the west wind.', 'Cursor', 'App', $1, 'approved') returning id`,
    [maker.id],
  );
  projectId = rows[0]!.id;
});
afterAll(async () => {
  await app?.close();
});

const combobox = (page: Page) => page.getByRole('combobox', { name: 'Search the showcase' });

/** Waits until the combobox has the focus (it loads on demand, then takes it). */
async function focused(page: Page) {
  await combobox(page).waitFor();
  await page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'combobox');
}

/** The id of the option the combobox says is active, and that option's text. */
async function active(page: Page): Promise<string> {
  const id = await combobox(page).getAttribute('aria-activedescendant');
  expect(id).toBeTruthy();
  const option = page.locator(`[id="${id}"]`);
  expect(await option.getAttribute('role')).toBe('option');
  expect(await option.getAttribute('aria-selected')).toBe('true');
  return (await option.textContent()) ?? '';
}

describe.each([
  { width: 1280, height: 800 },
  { width: 375, height: 812 },
])('the header search at $width px', ({ width, height }) => {
  it('opens with /, suggests as you type, and Enter opens the chosen suggestion', async () => {
    const page = await app.newPage({ width, height });
    const errors = watchErrors(page);
    await page.goto('/');
    await page.keyboard.press('/');
    await focused(page);
    expect(await combobox(page).getAttribute('aria-expanded')).toBe('false');

    await page.keyboard.type('zephyr');
    const listbox = page.getByRole('listbox');
    await listbox.getByRole('option', { name: 'Zephyrine Quill' }).waitFor();
    await listbox.getByRole('option', { name: 'Zephyr Zine' }).waitFor();
    expect(await combobox(page).getAttribute('aria-expanded')).toBe('true');
    // Grouped, projects first: the groups are named, and the arrows walk them in that order.
    expect(await listbox.getByRole('group', { name: 'Projects' }).getByRole('option').allTextContents()).toContain('Zephyr Zine');
    expect(await listbox.getByRole('group', { name: 'Makers' }).getByRole('option').allTextContents()).toContain('Zephyrine Quill');
    const options = await listbox.getByRole('option').allTextContents();
    expect(options.indexOf('Zephyr Zine')).toBeLessThan(options.indexOf('Zephyrine Quill'));

    await page.keyboard.press('ArrowDown');
    expect(await active(page)).toBe(options[0]);
    for (let i = 0; i < options.indexOf('Zephyrine Quill'); i++) await page.keyboard.press('ArrowDown');
    expect(await active(page)).toBe('Zephyrine Quill');
    await page.keyboard.press('ArrowUp');
    expect(await active(page)).toBe(options[options.indexOf('Zephyrine Quill') - 1]);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/creators/${makerId}`);
    await expect.poll(() => combobox(page).count()).toBe(0);

    // ⌘K / Ctrl+K opens it on any page; a project suggestion opens the project.
    await page.keyboard.press('ControlOrMeta+k');
    await focused(page);
    await page.keyboard.type('zephyr z');
    await page.getByRole('option', { name: 'Zephyr Zine' }).waitFor();
    await page.keyboard.press('ArrowDown');
    expect(await active(page)).toBe('Zephyr Zine');
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/projects/${projectId}`);
    await page.getByRole('heading', { level: 1, name: 'Zephyr Zine' }).waitFor();
    expect(errors.pageErrors).toEqual([]);
  });

  it('Enter on free text searches the list; a tool opens its filter; Escape closes and gives the focus back', async () => {
    const page = await app.newPage({ width, height });
    await page.goto('/winners');
    await page.keyboard.press('ControlOrMeta+k');
    await focused(page);
    await page.keyboard.type('west wind zine');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/projects\?q=west\+wind\+zine$/);
    await page.locator('main article h3', { hasText: 'Zephyr Zine' }).waitFor();

    // `/` typed into a field is a character, not the shortcut.
    const listSearch = page.getByRole('searchbox', { name: 'Search projects' });
    await listSearch.fill('');
    await listSearch.press('/');
    expect(await listSearch.inputValue()).toBe('/');
    expect(await combobox(page).count()).toBe(0);
    await listSearch.evaluate((el: HTMLElement) => el.blur());

    await page.keyboard.press('/');
    await focused(page);
    await page.keyboard.type('curs');
    // Within the search: /projects has its own "Tools" filter with options of its own.
    const listbox = page.getByRole('dialog', { name: 'Search' }).getByRole('listbox');
    await listbox.getByRole('group', { name: 'Tools' }).getByRole('option', { name: 'Cursor' }).waitFor();
    const options = await listbox.getByRole('option').allTextContents();
    for (let i = 0; i <= options.indexOf('Cursor'); i++) await page.keyboard.press('ArrowDown');
    expect(await active(page)).toBe('Cursor');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/projects\?tool=Cursor$/);

    // ⌘K / Ctrl+K works wherever the focus is (`/` would be typed into a field that has it).
    await page.keyboard.press('ControlOrMeta+k');
    await focused(page);
    await page.keyboard.type('zephyr');
    await page.getByRole('dialog', { name: 'Search' }).getByRole('option').first().waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => combobox(page).count()).toBe(0);
    expect(await page.getByRole('dialog', { name: 'Search' }).count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-haspopup'))).toBe('dialog');
    // Still on the tool's list: Escape went nowhere.
    expect(new URL(page.url()).search).toBe('?tool=Cursor');
  });

  it('fits the screen and passes axe with suggestions open, light and dark', async () => {
    const page = await app.newPage({ width, height });
    await page.goto('/');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await focused(page);
    await page.keyboard.type('zephyr');
    await page.getByRole('option', { name: 'Zephyr Zine' }).waitFor();
    await page.keyboard.press('ArrowDown');
    const panel = await page.getByRole('dialog', { name: 'Search' }).boundingBox();
    expect(panel!.x).toBeGreaterThanOrEqual(0);
    expect(panel!.x + panel!.width).toBeLessThanOrEqual(width);
    if (width < 640) expect(panel!.width).toBe(width);
    for (const dark of [false, true]) {
      await applyTheme(page, dark);
      const violations = await seriousA11yViolations(page, { moderate: true });
      expect(violations, `${dark ? 'dark' : 'light'}: ${JSON.stringify(violations, null, 1)}`).toEqual([]);
    }
  });
});
