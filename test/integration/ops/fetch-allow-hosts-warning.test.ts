import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../support/server.ts';

/**
 * FETCH_ALLOW_HOSTS opens the fetcher to local hosts (decision 250): an operator who set it, or
 * forgot it was set, reads so in the first lines the server logs.
 */
let server: TestServer;
const lines: string[] = [];

beforeAll(async () => {
  server = await startTestServer({ FETCH_ALLOW_HOSTS: 'staging.internal:8443,127.0.0.1:3000', LOG_LEVEL: 'info' }, { log: (line) => lines.push(line) });
});
afterAll(async () => {
  await server?.close();
});

it('warns at start, naming every allowed host', () => {
  const warning = lines.find((line) => line.includes('FETCH_ALLOW_HOSTS'));
  expect(warning).toContain('staging.internal:8443, 127.0.0.1:3000');
});
