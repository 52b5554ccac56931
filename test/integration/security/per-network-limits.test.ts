import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../support/server.ts';
import { gotrue } from '../auth-support.ts';

/**
 * Per-client limits count per client network (decision 105): an IPv6 /64 is one client, and an
 * X-Forwarded-For the server does not trust changes nothing. Anonymous sign-ins stand in for
 * every per-IP bucket: they all take their key from clientLimitKey.
 */
const anonymousSignIn = (server: TestServer, forwardedFor?: string) =>
  gotrue(server, 'POST', '/signup', {}, forwardedFor ? { 'x-forwarded-for': forwardedFor } : {});

describe('behind a trusted proxy', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ TRUST_PROXY: '127.0.0.1', RATE_LIMIT_ANONYMOUS: '3/3600' });
  });
  afterAll(() => server?.close());

  it('addresses of one IPv6 /64 share a bucket; another /64 has its own', async () => {
    for (const address of ['2001:db8:77:1::1', '2001:db8:77:1:a:b:c:d', '2001:0db8:0077:0001:1234:5678:9abc:def0']) {
      expect((await anonymousSignIn(server, address)).status).toBe(200);
    }
    const refused = await anonymousSignIn(server, '2001:db8:77:1:ffff:eeee:dddd:cccc');
    expect(refused.status).toBe(429);
    expect((await anonymousSignIn(server, '2001:db8:77:2::1')).status).toBe(200);
  });

  it('uses the right-most hop the proxy appended, not the ones the client wrote', async () => {
    for (let i = 0; i < 3; i++) expect((await anonymousSignIn(server, `10.9.9.${i}, 203.0.113.40`)).status).toBe(200);
    expect((await anonymousSignIn(server, '10.9.9.99, 203.0.113.40')).status).toBe(429);
  });
});

describe('without a trusted proxy', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_ANONYMOUS: '3/3600' });
  });
  afterAll(() => server?.close());

  it('ignores X-Forwarded-For: rotating it gets no fresh bucket', async () => {
    for (let i = 0; i < 3; i++) expect((await anonymousSignIn(server, `2001:db8:${i}::1`)).status).toBe(200);
    expect((await anonymousSignIn(server, '2001:db8:99::1')).status).toBe(429);
  });
});
