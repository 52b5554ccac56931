import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientFor, startTestServer, type TestServer } from '../../support/server.ts';
import { searchMaker, searchProject } from './fixtures.ts';

/**
 * Suggestions are limited per client IP (issue 34, decision 234): RATE_LIMIT_SEARCH_SUGGEST, here
 * 3 per 60 s. Over it the API answers 429 with Retry-After; another IP, the service key and the
 * search itself are not held back, and the next window admits again.
 */
let server: TestServer;

const visitorAt = (ip: string) => clientFor(server.url, server.anonKey, undefined, { 'x-forwarded-for': ip });

beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_SEARCH_SUGGEST: '3/60', TRUST_PROXY: '127.0.0.1' });
  const maker = await searchMaker(server, 'Lina Limit');
  await searchProject(server, maker, { title: 'Recipe Radar', description: 'Tells you what to cook.' });
});
afterAll(() => server?.close());

describe('search_suggest rate limit', () => {
  it('answers 429 with Retry-After past the limit for one IP only, and admits again in the next window', async () => {
    const flooder = visitorAt('10.9.0.1');
    for (let i = 0; i < 3; i++) {
      const ok = await flooder.rpc('search_suggest', { q: 'rec' });
      expect(ok.error).toBeNull();
      expect(ok.data).toContainEqual({ kind: 'project', label: 'Recipe Radar', value: expect.any(String) });
    }
    const refused = await fetch(`${server.url}/rest/v1/rpc/search_suggest`, {
      method: 'POST',
      headers: { apikey: server.anonKey, authorization: `Bearer ${server.anonKey}`, 'content-type': 'application/json', 'x-forwarded-for': '10.9.0.1' },
      body: JSON.stringify({ q: 'rec' }),
    });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({ code: 'over_request_rate_limit' });

    // The search itself is not a suggestion: not limited.
    expect((await flooder.rpc('search_projects', { q: 'recipe' })).error).toBeNull();
    // Another address, and the service key, still get suggestions.
    expect((await visitorAt('10.9.0.2').rpc('search_suggest', { q: 'rec' })).error).toBeNull();
    expect((await server.service().rpc('search_suggest', { q: 'rec' })).error).toBeNull();

    await server.advanceClock(61_000);
    expect((await flooder.rpc('search_suggest', { q: 'rec' })).error).toBeNull();
  });
});
