/**
 * When a page our server drew (decision 203) is on the screen: its first contentful paint has been
 * shown, and the first image its head preloads (the largest one, on /projects and a project page)
 * has loaded. The app's scripts wait for it on such a page (decision 204): on a phone they would
 * otherwise share the link with that image, and run before the browser has shown what it has.
 */

/** However slow the paint or the image, the app starts by then. */
const LONGEST_WAIT_MS = 2500;

/** Resolves once the browser has shown the page's first text or image. */
function firstContentfulPaint(): Promise<void> {
  if (typeof PerformanceObserver === 'undefined' || !PerformanceObserver.supportedEntryTypes?.includes('paint')) return Promise.resolve();
  return new Promise((shown) => {
    const observer = new PerformanceObserver((entries) => {
      if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      shown();
    });
    observer.observe({ type: 'paint', buffered: true });
  });
}

/** The drawn `<img>` the head asks the browser to preload, if the first screen has one. */
function preloadedImage(root: HTMLElement): HTMLImageElement | undefined {
  const href = document.head.querySelector<HTMLLinkElement>('link[rel="preload"][as="image"]')?.href;
  if (!href) return undefined;
  return [...root.querySelectorAll('img')].find((img) => img.src === href);
}

function imageLoaded(img: HTMLImageElement | undefined): Promise<void> {
  if (!img || img.complete) return Promise.resolve();
  return new Promise((settled) => {
    img.addEventListener('load', () => settled(), { once: true });
    img.addEventListener('error', () => settled(), { once: true });
  });
}

export function firstScreenShown(): Promise<void> {
  const root = document.getElementById('root');
  // Nothing drawn (a page for the browser to draw, a static host), or a tab in the background
  // (which shows nothing until brought forward): nothing to wait for.
  if (!root?.firstElementChild || document.visibilityState === 'hidden') return Promise.resolve();
  const shown = Promise.all([firstContentfulPaint(), imageLoaded(preloadedImage(root))]).then(() => undefined);
  return Promise.race([shown, new Promise<void>((late) => setTimeout(late, LONGEST_WAIT_MS))]);
}
