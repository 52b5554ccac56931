import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from './accounts-support.ts';
import { animationsSettled, applyTheme, seriousA11yViolations, startApp, type E2EApp } from './support/app.ts';

/**
 * Issue 22, items 2 and 3, and issue 30's gate. axe-core on every route (public, account and
 * admin, 1280 and 375 px, light and dark), failing on any critical, serious or moderate violation; and geometry checks for what a DOM query cannot
 * see (switch knobs, the header and the admin tables at 375 px, toasts over buttons, the home
 * page's fold). Geometry rather than pixel baselines: boxes inside boxes do not drift with the
 * Chromium version or its font rendering.
 */
let app: E2EApp;
let maker: Awaited<ReturnType<E2EApp['createUser']>>;
let admin: Awaited<ReturnType<E2EApp['createUser']>>;
let pendingId: string;
let approvedId: string;
let blogSlug: string;
let visitorPage: Page;
let makerPage: Page;
let adminPage: Page;

const LONG_TITLE = 'W'.repeat(100);

async function insertProject(title: string): Promise<string> {
  const { data, error } = await maker.client
    .from('projects')
    .insert({ title, description: 'Checked by axe.', tool: 'Cursor', category: 'Dashboard', creator_id: maker.id, upvotes: 0, featured: false })
    .select('id')
    .single();
  if (error) throw error;
  return (data as { id: string }).id;
}

beforeAll(async () => {
  app = await startApp();
  maker = await app.createUser({ name: 'Axel Axe' });
  admin = await app.createUser({ name: 'Ada Audit' });
  const service = app.service();
  await service.auth.admin.updateUserById(admin.id, { app_metadata: { role: 'admin' } });
  const creator = await maker.client.from('creators').upsert({ id: maker.id, name: 'Axel Axe' });
  if (creator.error) throw creator.error;
  pendingId = await insertProject('Pending Under Review');
  approvedId = await insertProject('Published And Checked');
  // A 100-character title with no spaces, for the admin's Recent Activity at 375 px (defect 14).
  await insertProject(LONG_TITLE);
  await service.from('projects').update({ status: 'approved' }).eq('id', approvedId);
  const report = await admin.client.from('reports').insert({ type: 'project', target_id: approvedId, reason: 'Spam' });
  if (report.error) throw report.error;
  const { data: post } = await app.anon().from('content_items').select('slug').eq('type', 'blog').limit(1).single();
  blogSlug = (post as { slug: string }).slug;

  visitorPage = await app.newPage();
  makerPage = await app.newPage();
  await signIn(makerPage, maker.email, maker.password);
  adminPage = await app.newPage();
  await signIn(adminPage, admin.email, admin.password);
});
afterAll(async () => {
  await app?.close();
});

/** Opens a route and waits until its heading is there and the network has settled. */
async function open(page: Page, path: string) {
  await page.goto(path);
  await page
    .locator('main h1')
    .first()
    .waitFor()
    .catch((e: Error) => {
      throw new Error(`${path}: no heading (${e.message})`);
    });
  await page.waitForLoadState('networkidle');
}

/** Critical, serious and moderate findings alike (issue 30: the gate at 0 of each on every route). */
async function expectNoSeriousViolations(page: Page, label: string) {
  const violations = await seriousA11yViolations(page, { moderate: true });
  expect(violations, `${label}: ${JSON.stringify(violations, null, 1)}`).toEqual([]);
}

/** The page as it is, in the light theme and then the dark one: one load serves both checks. */
async function expectAccessibleInBothThemes(page: Page, label: string) {
  for (const dark of [false, true]) {
    await applyTheme(page, dark);
    await expectNoSeriousViolations(page, `${dark ? 'dark' : 'light'} ${label}`);
  }
  await page.evaluate(() => document.documentElement.classList.remove('dark'));
}

const WIDTHS = [1280, 375] as const;

/** Runs `check` with `pages` at `width` px (812 px tall on a phone), and puts them back at 1280 after. */
async function atWidth(pages: Page[], width: number, check: () => Promise<void>) {
  for (const page of pages) await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
  try {
    await check();
  } finally {
    for (const page of pages) await page.setViewportSize({ width: 1280, height: 800 });
  }
}

/**
 * One test per route and width, so each has the whole time limit to itself: on a busy machine a
 * route's two axe runs take seconds, and eighty of them in one test did not fit.
 * Routes are named with placeholders, since their ids exist only once beforeAll has run.
 */
const PUBLIC_ROUTES = [
  '/',
  '/projects',
  '/projects?featured=true',
  '/projects?q=zzzz-nothing',
  '/projects/:approved',
  '/projects/00000000-0000-4000-8000-000000000000',
  '/creators/:maker',
  '/collections',
  '/documentation',
  '/blog',
  '/blog/:post',
  '/community',
  '/about',
  '/terms',
  '/privacy',
  '/signin',
  '/signup',
  '/forgot-password',
  '/reset-password',
  '/no/such/page',
];
const ACCOUNT_ROUTES = ['/submit-project', '/profile', '/my-projects', '/projects/:pending', '/welcome'];
const ADMIN_ROUTES = ['/admin', '/admin/users', '/admin/projects', '/admin/content', '/admin/moderation'];

const routePath = (route: string) =>
  route.replace(':approved', approvedId).replace(':pending', pendingId).replace(':maker', maker.id).replace(':post', blogSlug);

describe('axe-core on every route, light and dark', () => {
  for (const width of WIDTHS) {
    it.each(PUBLIC_ROUTES)(`public route %s at ${width} px`, async (route) => {
      await atWidth([visitorPage], width, async () => {
        await open(visitorPage, routePath(route));
        await expectAccessibleInBothThemes(visitorPage, `${width} ${route}`);
      });
    });

    it.each(ACCOUNT_ROUTES)(`account route %s at ${width} px`, async (route) => {
      await atWidth([makerPage], width, async () => {
        await open(makerPage, routePath(route));
        await expectAccessibleInBothThemes(makerPage, `${width} ${route}`);
      });
    });
  }

  it('the edit dialog and the avatar menu, open', async () => {
    await open(makerPage, '/my-projects');
    await makerPage.getByRole('button', { name: 'Edit Pending Under Review' }).click();
    await makerPage.getByRole('dialog').waitFor();
    await expectAccessibleInBothThemes(makerPage, '/my-projects edit dialog');
    await makerPage.keyboard.press('Escape');
    await open(makerPage, `/projects/${approvedId}`);
    await makerPage.getByRole('button', { name: 'Account menu' }).click();
    await makerPage.getByRole('menu').waitFor();
    await expectAccessibleInBothThemes(makerPage, 'avatar menu');
    await makerPage.keyboard.press('Escape');
  });

  it.each(ADMIN_ROUTES)('admin route %s', async (path) => {
    await open(adminPage, path);
    await adminPage.locator('main table, main ul[aria-label="Recent activity"]').first().waitFor();
    await expectAccessibleInBothThemes(adminPage, path);
  });

  it('every admin settings tab and a confirmation dialog', async () => {
    await open(adminPage, '/admin/settings');
    for (const tab of ['General', 'Security', 'Notifications', 'Appearance']) {
      await adminPage.getByRole('tab', { name: tab }).click();
      await expectAccessibleInBothThemes(adminPage, `/admin/settings ${tab}`);
    }
    await open(adminPage, '/admin/users');
    await adminPage.getByRole('button', { name: `Actions for ${maker.email}` }).click();
    await adminPage.getByRole('menuitem', { name: 'Ban User' }).click();
    await adminPage.getByRole('dialog').waitFor();
    await expectAccessibleInBothThemes(adminPage, 'ban confirmation');
    await adminPage.getByRole('button', { name: 'Cancel' }).click();
  });

  it('the small-screen menus, open', async () => {
    await atWidth([visitorPage, makerPage], 375, async () => {
      for (const [page, who] of [
        [visitorPage, 'visitor'],
        [makerPage, 'maker'],
      ] as const) {
        await open(page, '/');
        await page.getByRole('button', { name: 'Open menu' }).click();
        await page.getByRole('navigation', { name: 'Mobile' }).waitFor();
        await expectAccessibleInBothThemes(page, `375 / menu open (${who})`);
      }
    });
  });

  it.each([...ADMIN_ROUTES, '/admin/settings'])('admin route %s at 375 px, tables as cards', async (path) => {
    await atWidth([adminPage], 375, async () => {
      await open(adminPage, path);
      await expectAccessibleInBothThemes(adminPage, `375 ${path}`);
    });
  });
});

/**
 * Issue 30's lows L12–L14, moderate findings included: the RSS link on /winners (link-in-text-block),
 * the "Notify me" / "We'll notify you" button on /upcoming (label-content-name-mismatch), and the
 * card titles on the tag, following, bookmarks, collection and admin pages (heading-order), at
 * 1280 and 375 px, light and dark, signed in where the page needs it.
 */
describe('axe-core, moderate included, on the launch, tag and people pages', () => {
  let tagSlug: string;
  let collectionId: string;
  let notifyPage: Page;

  beforeAll(async () => {
    const service = app.service();
    const { data: listed, error: listedError } = await app.anon().from('project_listing').select('id,creator_id,tag_slugs').neq('creator_id', maker.id).not('tag_slugs', 'eq', '{}').limit(1).single();
    if (listedError) throw listedError;
    const seeded = listed as { id: string; creator_id: string; tag_slugs: string[] };
    tagSlug = seeded.tag_slugs[0]!;
    expect((await maker.client.from('follows').insert({ followee_id: seeded.creator_id })).error).toBeNull();
    expect((await maker.client.from('bookmarks').insert({ project_id: seeded.id })).error).toBeNull();
    const { data: collection, error: collectionError } = await maker.client.from('collections').insert({ name: 'Axe picks', description: 'Checked by axe', is_public: true }).select('id').single();
    if (collectionError) throw collectionError;
    collectionId = (collection as { id: string }).id;
    expect((await maker.client.from('collection_items').insert({ collection_id: collectionId, project_id: seeded.id })).error).toBeNull();
    // An upcoming launch, so /upcoming has a "Notify me" button.
    const [{ day }] = (await app.server.ctx.db.query<{ day: string }>(`select to_char(showcase_private.site_today() + 3, 'YYYY-MM-DD') as day`)).rows as [{ day: string }];
    const { data: upcoming, error: upcomingError } = await maker.client
      .from('projects')
      .insert({ title: 'Launching Soon For Axe', description: 'Checked by axe.', tool: 'Cursor', category: 'App', creator_id: maker.id, upvotes: 0, featured: false, launch_date: day })
      .select('id')
      .single();
    if (upcomingError) throw upcomingError;
    await service.from('projects').update({ status: 'approved' }).eq('id', (upcoming as { id: string }).id);
    const visitor = await app.createUser({ name: 'Nora Notify' });
    notifyPage = await app.newPage();
    await signIn(notifyPage, visitor.email, visitor.password);
  });
  afterAll(async () => {
    await notifyPage?.context().close();
  });

  const ROUTES = [
    ['the visitor', '/winners'],
    ['the visitor', '/tags/:tag'],
    ['the maker', '/following'],
    ['the maker', '/bookmarks'],
    ['the visitor', '/collections/:collection'],
    ['the admin', '/admin'],
  ] as const;
  const pageOf = (who: (typeof ROUTES)[number][0]) => ({ 'the visitor': visitorPage, 'the maker': makerPage, 'the admin': adminPage })[who];

  for (const width of WIDTHS) {
    it.each(ROUTES)(`as a %s, %s at ${width} px`, async (who, route) => {
      const page = pageOf(who);
      await atWidth([page], width, async () => {
        await open(page, route.replace(':tag', tagSlug).replace(':collection', collectionId));
        // The cards (or the admin's stat cards) are drawn: the heading order is checked with them.
        if (route !== '/winners') await page.locator(route === '/admin' ? 'main [data-stat]' : 'main article').first().waitFor();
        await expectAccessibleInBothThemes(page, `${width} ${route}`);
      });
    });

    it(`/upcoming with "Notify me" and with "We'll notify you" at ${width} px`, async () => {
      await atWidth([notifyPage], width, async () => {
        await open(notifyPage, '/upcoming');
        const row = notifyPage.getByRole('listitem').filter({ hasText: 'Launching Soon For Axe' });
        const notify = row.getByRole('button', { name: 'Notify me about Launching Soon For Axe' });
        const notifying = row.getByRole('button', { name: "We'll notify you about Launching Soon For Axe" });
        await notify.or(notifying).waitFor();
        if (await notifying.count()) {
          await notifying.click();
          await notify.waitFor();
        }
        await expectAccessibleInBothThemes(notifyPage, `${width} /upcoming (Notify me)`);
        await notify.click();
        await notifying.waitFor();
        await expectAccessibleInBothThemes(notifyPage, `${width} /upcoming (We'll notify you)`);
      });
    });
  }
});

type Box = { x: number; y: number; width: number; height: number };

async function box(locator: Locator): Promise<Box> {
  const b = await locator.boundingBox();
  if (!b) throw new Error(`no box for ${locator}`);
  return b;
}

const inside = (inner: Box, outer: Box, slack = 0.5) =>
  inner.x >= outer.x - slack &&
  inner.y >= outer.y - slack &&
  inner.x + inner.width <= outer.x + outer.width + slack &&
  inner.y + inner.height <= outer.y + outer.height + slack;

const overlap = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The page scrolls sideways when its content is wider than the viewport. */
const horizontalOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe('geometry', () => {
  it('draws each settings switch with its knob inside the track: on the left when off, on the right when on (defect 6)', async () => {
    for (const width of [1280, 375]) {
      await adminPage.setViewportSize({ width, height: 800 });
      await open(adminPage, '/admin/settings');
      for (const tab of ['Security', 'Notifications']) {
        await adminPage.getByRole('tab', { name: tab }).click();
        const switches = adminPage.getByRole('tabpanel').getByRole('switch');
        expect(await switches.count()).toBeGreaterThan(1);
        for (const sw of await switches.all()) {
          const check = async () => {
            // Let the knob's transition finish before measuring.
            await animationsSettled(adminPage, '[role="switch"]');
            const track = await box(sw);
            const knob = await box(sw.locator('[data-switch-knob]'));
            const on = (await sw.getAttribute('aria-checked')) === 'true';
            const label = `${width}px ${tab} ${await sw.getAttribute('id')} ${on ? 'on' : 'off'}`;
            expect(inside(knob, track), `${label}: knob ${JSON.stringify(knob)} outside track ${JSON.stringify(track)}`).toBe(true);
            const knobCentre = knob.x + knob.width / 2;
            const trackCentre = track.x + track.width / 2;
            expect(on ? knobCentre > trackCentre : knobCentre < trackCentre, `${label}: knob on the wrong side`).toBe(true);
          };
          await check();
          // Flip it (unsaved) and measure the other state too.
          await sw.click();
          await check();
          await sw.click();
        }
      }
    }
    await adminPage.setViewportSize({ width: 1280, height: 800 });
  });

  it('fits the header into 375 px for visitors, users and admins, without overlaps', async () => {
    for (const page of [visitorPage, makerPage, adminPage]) {
      await page.setViewportSize({ width: 375, height: 812 });
      await open(page, '/');
      const header = page.locator('header').first();
      const headerBox = await box(header);
      expect(headerBox.width).toBeLessThanOrEqual(375);
      const brand = await box(header.getByRole('link').first());
      const controls = header.locator('button:visible');
      for (const control of await controls.all()) {
        const b = await box(control);
        expect(inside(b, { x: 0, y: 0, width: 375, height: headerBox.height })).toBe(true);
        expect(overlap(b, brand)).toBe(false);
      }
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await page.setViewportSize({ width: 1280, height: 800 });
    }
  });

  it('keeps the admin pages inside 375 px: the active section in view, every row action on screen (defects 14, 15)', async () => {
    await adminPage.setViewportSize({ width: 375, height: 812 });
    try {
      await open(adminPage, '/admin');
      await adminPage.getByText(LONG_TITLE).first().waitFor();
      expect(await horizontalOverflow(adminPage), '/admin with a 100-character title').toBeLessThanOrEqual(0);
      for (const path of ['/admin/users', '/admin/projects', '/admin/content', '/admin/moderation', '/admin/settings']) {
        await open(adminPage, path);
        await adminPage.locator('main').getByRole('button').first().waitFor();
        expect(await horizontalOverflow(adminPage), path).toBeLessThanOrEqual(0);
        const active = adminPage.getByRole('navigation', { name: 'Admin' }).locator('a[aria-current="page"]');
        expect(inside(await box(active), { x: 0, y: 0, width: 375, height: 10_000 }), `${path}: active section off screen`).toBe(true);
        const rows = adminPage.locator('main tbody tr');
        for (const row of await rows.all()) {
          const rowBox = await box(row);
          expect(inside(rowBox, { x: 0, y: 0, width: 375, height: 100_000 }), `${path}: a row wider than the screen`).toBe(true);
          for (const button of await row.getByRole('button').all()) {
            expect(inside(await box(button), rowBox), `${path}: a row action outside its row`).toBe(true);
          }
        }
      }
    } finally {
      await adminPage.setViewportSize({ width: 1280, height: 800 });
    }
  });

  it('never puts a toast over the button just pressed or the field to fix (defect 10)', async () => {
    for (const [width, height] of [
      [1280, 800],
      [375, 812],
    ] as const) {
      await makerPage.setViewportSize({ width, height });
      await open(makerPage, '/submit-project');
      const submit = makerPage.getByRole('button', { name: 'Submit Project', exact: true }).last();
      // Three empty submits in a row: one toast at a time, never a pile.
      for (let i = 0; i < 3; i++) {
        await submit.click();
        await makerPage.locator('.toast-root').last().waitFor();
      }
      // The earlier toasts close and the last one slides in: measure once they are at rest.
      await animationsSettled(makerPage, '.toast-root');
      const shown = makerPage.locator('.toast-root[data-state="open"]');
      expect(await shown.count()).toBe(1);
      const toastBox = await box(shown);
      expect(await makerPage.evaluate(() => document.activeElement?.id)).toBe('submit-title');
      expect(overlap(toastBox, await box(makerPage.locator('#submit-title'))), `${width}px: toast over the field to fix`).toBe(false);
      expect(overlap(toastBox, await box(submit)), `${width}px: toast over Submit`).toBe(false);

      // Sign in is disabled while its request runs, which drops the focus: its failure toast
      // still keeps clear of it.
      await visitorPage.setViewportSize({ width, height });
      await open(visitorPage, '/signin');
      await visitorPage.locator('#signin-email').fill(maker.email);
      await visitorPage.locator('#signin-password').fill('not-the-password-1');
      const signInButton = visitorPage.getByRole('button', { name: 'Sign in', exact: true });
      await signInButton.click();
      await visitorPage.locator('.toast-root', { hasText: 'Failed to sign in' }).waitFor();
      expect(overlap(await box(visitorPage.locator('.toast-root[data-state="open"]')), await box(signInButton)), `${width}px: toast over Sign in`).toBe(false);

      // The admin's Save Changes sits at the top of its page: the toast goes to the bottom.
      await adminPage.setViewportSize({ width, height });
      await open(adminPage, '/admin/settings');
      const save = adminPage.getByRole('button', { name: 'Save Changes' });
      await save.click();
      await adminPage.locator('.toast-root', { hasText: 'Settings saved successfully.' }).waitFor();
      expect(overlap(await box(adminPage.locator('.toast-root[data-state="open"]')), await box(save)), `${width}px: toast over Save Changes`).toBe(false);
    }
    for (const page of [makerPage, adminPage, visitorPage]) await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('shows the first projects above the fold on a 1280×800 desktop (defect 31)', async () => {
    await visitorPage.setViewportSize({ width: 1280, height: 800 });
    await open(visitorPage, '/');
    // The first project on the page: a row of Today's launches (issue 16) when there are any, else the first featured card.
    await visitorPage.locator('#featured-panel article h3').first().waitFor();
    const firstTitle = visitorPage.locator('section[aria-labelledby="todays-launches-heading"] li a[href^="/projects/"], #featured-panel article h3').first();
    const b = await box(firstTitle);
    expect(b.y + b.height, 'first card title below the fold').toBeLessThanOrEqual(800);
  });

  it('shows keyboard focus on the image drop zone (defect 7)', async () => {
    await open(makerPage, '/submit-project');
    const zone = makerPage.locator('label[for="submit-image"]');
    const outline = () => zone.evaluate((el) => getComputedStyle(el).outlineStyle);
    expect(await outline()).toBe('none');
    await makerPage.locator('#submit-longDescription').focus();
    await makerPage.keyboard.press('Tab');
    expect(await makerPage.evaluate(() => document.activeElement?.id)).toBe('submit-image');
    expect(await outline()).toBe('solid');
    // And the zone is what the focus is drawn on: visible, in the viewport.
    const zoneBox = await box(zone);
    expect(zoneBox.width).toBeGreaterThan(100);
  });
});
