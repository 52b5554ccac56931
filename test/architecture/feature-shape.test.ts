import { existsSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * Every web feature has one shape (docs/architecture.md, "web/features/"): `api/` (fetchers, hooks,
 * validation, its `query-keys.ts`), `components/` (its UI), page modules `*-page.tsx` at the root
 * (the router, domain/public-routes.ts and the server name them by path), `index.ts` as the only door
 * for other code, and, for a feature with many pages, `pages/` and its `routes.tsx`. Anything else at
 * a feature's root is a file nobody can place.
 */
const root = new URL('../../', import.meta.url).pathname;
const featuresDir = `${root}web/features`;

const ALLOWED_DIRS = new Set(['api', 'components', 'pages']);
const ALLOWED_FILES = new Set(['index.ts', 'routes.tsx']);
const PAGE_MODULE = /^[a-z0-9]+(-[a-z0-9]+)*-page(\.test)?\.tsx$/;

const features = readdirSync(featuresDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

/** The entries at a feature's root that are not where the shape puts them. */
function misplaced(feature: string): string[] {
  return readdirSync(`${featuresDir}/${feature}`, { withFileTypes: true })
    .filter((entry) => (entry.isDirectory() ? !ALLOWED_DIRS.has(entry.name) : !ALLOWED_FILES.has(entry.name) && !PAGE_MODULE.test(entry.name)))
    .map((entry) => (entry.isDirectory() ? `${entry.name}/` : entry.name));
}

describe('every web feature has one shape', () => {
  it.each(features)('%s: index.ts, *-page.tsx, routes.tsx, api/, components/, pages/ at its root', (feature) => {
    expect(existsSync(`${featuresDir}/${feature}/index.ts`), `web/features/${feature}/ needs an index.ts: its only door for other code`).toBe(true);
    expect(
      misplaced(feature),
      `move these into web/features/${feature}/api/ (data: fetchers, hooks, validation) or components/ (UI)`,
    ).toEqual([]);
  });
});
