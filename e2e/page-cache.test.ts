import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, watchErrors, type E2EApp } from './support/app.ts';

/** Records any drawn element React threw away while adopting the page (as e2e/first-screen.test.ts does). */
async function watchRedraws(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { redrawn: string[] };
    w.redrawn = [];
    new MutationObserver((records) => {
      for (const r of records) {
        if (!(r.target instanceof Element) || r.target.closest('#root') === null) continue;
        for (const node of r.removedNodes) if (node instanceof HTMLElement && /^(H1|HEADER|FOOTER|MAIN)$/.test(node.tagName)) w.redrawn.push(node.tagName);
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

/** Decision 206: a page served from the page cache is adopted like one drawn for this request. */
describe('a page from the page cache', () => {
  let app: E2EApp;
  beforeAll(async () => {
    app = await startApp({ PAGE_CACHE: 'true', PAGE_CACHE_MAX_AGE_SECONDS: '3600' });
  });
  afterAll(() => app?.close());

  it('is adopted without a redraw, its clock text from the instant it was drawn, with this response’s nonce', async () => {
    const cache = app.server.ctx.pageCache;
    const warm = await app.newPage();
    for (const path of ['/', '/projects', '/community']) await warm.goto(path);
    const drawn = cache.stats.draws;

    const page = await app.newPage({ timezoneId: 'Pacific/Kiritimati', locale: 'de-DE' });
    const errors = watchErrors(page);
    await watchRedraws(page);
    // Ninety seconds ahead of the server, which drew these pages earlier still.
    await page.clock.setFixedTime(Date.now() + 90_000);
    for (const path of ['/', '/projects', '/community']) {
      const response = await page.goto(path);
      const nonce = await page.locator('meta[name="csp-nonce"]').getAttribute('content');
      expect(response!.headers()['content-security-policy']).toContain(`'nonce-${nonce}'`);
      await page.waitForLoadState('networkidle');
      expect(await page.evaluate(() => (window as unknown as { redrawn: string[] }).redrawn), path).toEqual([]);
    }
    expect(cache.stats.draws).toBe(drawn);
    expect(errors).toEqual({ pageErrors: [], consoleErrors: [] });
  });
});
