import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isAppPath } from '../../domain/public-routes.ts';

/**
 * The server answers 404 for a path the app has no page for (domain/public-routes.ts, isAppPath):
 * every route the router declares must be known there, or its page would be sent as a 404.
 */
describe('the routes the router declares', () => {
  it('are all pages the server knows (PUBLIC_ROUTES or APP_ONLY_ROUTES)', () => {
    const sources = ['web/app/routes.tsx', 'web/features/admin/routes.tsx'].map((f) => readFileSync(f, 'utf8'));
    const [app, admin] = sources as [string, string];
    const paths = [...app.matchAll(/<Route path="([^"*]+)"/g)].map((m) => `/${m[1]}`);
    paths.push(...[...admin.matchAll(/<Route path="([^"*]+)"/g)].map((m) => (m[1] === 'admin' ? '/admin' : `/admin/${m[1]}`)));
    expect(paths.length).toBeGreaterThan(10);
    const sample = (path: string) => path.replace(/:[^/]+/g, 'x1');
    expect(paths.filter((path) => !isAppPath(sample(path)))).toEqual([]);
    expect(isAppPath('/no-such-page')).toBe(false);
  });
});
