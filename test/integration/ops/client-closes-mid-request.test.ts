import { readdirSync } from 'node:fs';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../../support/server.ts';

/**
 * A client that closes its connection halfway through a request body (a phone losing signal, a
 * tab closed during an upload) is nobody's error: no protocol logs it as an unexpected failure
 * with a stack trace, which would bury the errors that matter.
 */
let server: TestServer;
const lines: string[] = [];

beforeAll(async () => {
  server = await startTestServer({ LOG_LEVEL: 'debug' }, { log: (line) => lines.push(line) });
});
afterAll(async () => {
  await server?.close();
});

/** Sends the headers and the first bytes of a body announced as 100 kB, then closes the socket. */
function abandonRequest(path: string): Promise<void> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1', () => {
      socket.write(
        [
          `POST ${path} HTTP/1.1`,
          'Host: 127.0.0.1',
          `apikey: ${server.anonKey}`,
          `Authorization: Bearer ${server.anonKey}`,
          'Content-Type: application/json',
          'Content-Length: 100000',
          '',
          '{"title":"half a body',
        ].join('\r\n'),
        () => socket.destroy(),
      );
    });
    socket.on('close', () => resolve());
    socket.on('error', reject);
  });
}

describe('a client that closes the connection mid-body', () => {
  it.each([
    ['a table write', '/rest/v1/project_comments'],
    ['a function call', '/rest/v1/rpc/toggle_vote'],
    ['a storage upload', '/storage/v1/object/project-images/half.png'],
    ['a sign-up', '/auth/v1/signup'],
  ])('answers %s without an error in the log, and goes on serving', async (_, path) => {
    await abandonRequest(path);
    // Handled: the server says, at debug level, that this client went away.
    await vi.waitFor(() => expect(lines.some((line) => line.includes('the client closed the connection mid-request') && line.includes(path))).toBe(true), {
      timeout: 20_000,
    });
    expect(lines.filter((line) => /\berror\b|aborted|\n\s+at /i.test(line))).toEqual([]);
    // Nothing half-received is kept: an upload's staged file is gone with its request.
    expect(readdirSync(server.ctx.storage.stagingDir)).toEqual([]);
    const next = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { apikey: server.anonKey, authorization: `Bearer ${server.anonKey}`, 'content-type': 'application/json' },
      body: '{}',
    });
    await next.arrayBuffer();
    expect(next.status).toBeLessThan(500);
  });
});
