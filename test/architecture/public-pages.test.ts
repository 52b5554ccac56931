import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PUBLIC_ROUTES } from '../../domain/public-routes.ts';

/**
 * One file defines the public pages: domain/public-routes.ts. The router reads it (through
 * vite.config.ts's `virtual:public-pages`, decision 218), as the server's renderer, meta, sitemap,
 * first-screen reads and warm-up do; adding a public page is one entry there.
 */
const root = new URL('../../', import.meta.url).pathname;
const REGISTRY = 'domain/public-routes.ts';

function sources(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)));
}

describe('the public pages are listed in one file', () => {
  it('the router declares no public page itself', () => {
    const declared = [...readFileSync(join(root, 'web/app/routes.tsx'), 'utf8').matchAll(/\bpath="([^"]*)"/g)].map((m) => m[1]);
    const publicPaths = PUBLIC_ROUTES.map((route) => route.path);
    expect(declared.filter((path) => publicPaths.includes(path!)), 'declare it in domain/public-routes.ts').toEqual([]);
  });

  it('no other file under web/, server/ or domain/ writes a public route pattern', () => {
    const patterns = PUBLIC_ROUTES.map((route) => route.path).filter((path) => path.includes(':'));
    const writers = ['web', 'server', 'domain']
      .flatMap(sources)
      .filter((file) => file !== REGISTRY)
      .flatMap((file) => {
        const text = readFileSync(join(root, file), 'utf8');
        return patterns.filter((path) => new RegExp(`["'\`]/?${path.replace(/[/]/g, '\\/')}["'\`]`).test(text)).map((path) => `${file}: ${path}`);
      });
    expect(writers).toEqual([]);
  });

  it('names, for every page but home, a page module the router can load', () => {
    for (const { path, module } of PUBLIC_ROUTES) {
      if (path === '') {
        expect(module, 'home is bundled with the entry').toBeUndefined();
        continue;
      }
      expect(module, `/${path}`).toMatch(/^features\/[^/]+\/[^/]+-page\.tsx$/);
      expect(existsSync(join(root, 'web', module!)), `/${path}: web/${module}`).toBe(true);
    }
  });
});
