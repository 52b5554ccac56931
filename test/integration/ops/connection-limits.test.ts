import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../support/server.ts';

/**
 * One client cannot take the server's connections (file descriptors): a socket that sends nothing,
 * or sends its headers or body a byte at a time, is closed after the configured time, and one
 * peer address holds at most HTTP_MAX_CONNECTIONS_PER_IP connections while others are served.
 * No timing is asserted: each test waits for the socket to close, within the test's bound.
 */

/** A raw connection from `localAddress`; resolves when it is connected. */
function connect(port: number, localAddress = '127.0.0.1'): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port, host: '127.0.0.1', localAddress }, () => resolve(socket));
    socket.once('error', reject);
  });
}

/** Resolves when the server has closed the socket (reading whatever it sent first). */
function closed(socket: net.Socket): Promise<string> {
  let received = '';
  socket.on('data', (d: Buffer) => (received += d.toString()));
  socket.on('error', () => undefined);
  return new Promise((resolve) => socket.once('close', () => resolve(received)));
}

function get(port: number, localAddress: string, path = '/healthz'): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path, localAddress, agent: false }, (res) => {
      res.resume();
      res.once('end', () => resolve(res.statusCode!));
    });
    req.once('error', reject);
  });
}

const portOf = (server: TestServer) => Number(new URL(server.url).port);

describe('slow and silent connections', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ HTTP_HEADERS_TIMEOUT_SECONDS: '1', HTTP_REQUEST_TIMEOUT_SECONDS: '2' });
  });
  afterAll(() => server?.close());

  it('closes a connection that never sends a byte', async () => {
    const socket = await connect(portOf(server));
    await closed(socket);
    expect(socket.destroyed).toBe(true);
  });

  it('closes a connection that sends its headers a byte at a time', async () => {
    const socket = await connect(portOf(server));
    const done = closed(socket);
    const header = 'GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Slow: ' + 'a'.repeat(10_000);
    let i = 0;
    // Well under the timeout per byte, so only the whole-headers deadline can close it.
    const drip = setInterval(() => socket.writable && socket.write(header[i++ % header.length]!), 100);
    try {
      await done;
    } finally {
      clearInterval(drip);
    }
    expect(socket.destroyed).toBe(true);
  });

  it('closes a connection that sends its body a byte at a time', async () => {
    const socket = await connect(portOf(server));
    const done = closed(socket);
    // A route that reads the whole body before it answers (sign-up parses the JSON).
    socket.write(`POST /auth/v1/signup HTTP/1.1\r\nHost: localhost\r\napikey: ${server.anonKey}\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"email":"`);
    const drip = setInterval(() => socket.writable && socket.write('a'), 100);
    let received: string;
    try {
      received = await done;
    } finally {
      clearInterval(drip);
    }
    // Closed by the body deadline (408), not answered as a request.
    expect(received).toMatch(/^HTTP\/1\.1 408/);
  });

  it('still serves a client that sends its request', async () => {
    expect(await get(portOf(server), '127.0.0.1')).toBe(200);
  });
});

describe('connections per peer address', () => {
  let server: TestServer;
  const held: net.Socket[] = [];
  beforeAll(async () => {
    server = await startTestServer({
      HTTP_MAX_CONNECTIONS_PER_IP: '4',
      REALTIME_MAX_SOCKETS_PER_IP: '2',
      // Long enough that the held connections stay open for the whole test.
      HTTP_HEADERS_TIMEOUT_SECONDS: '600',
      HTTP_REQUEST_TIMEOUT_SECONDS: '600',
      TRUST_PROXY: '127.0.0.3',
    });
  });
  afterAll(async () => {
    for (const s of held) s.destroy();
    await server?.close();
  });

  it('refuses the connection past the cap from one address while another address is served', async () => {
    const port = portOf(server);
    for (let i = 0; i < 4; i++) held.push(await connect(port, '127.0.0.1'));
    // Every held connection is counted before the next one arrives (accept order).
    const extra = await connect(port, '127.0.0.1');
    const extraClosed = closed(extra);
    extra.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n');
    expect(await extraClosed).toBe('');

    expect(await get(port, '127.0.0.2')).toBe(200);

    // One of the held connections goes: the address may connect again.
    const first = held.shift()!;
    const gone = closed(first);
    first.destroy();
    await gone;
    await expect.poll(() => get(port, '127.0.0.1').catch(() => 0)).toBe(200);
  });

  it('does not cap a trusted proxy, whose connections carry many clients', async () => {
    const port = portOf(server);
    for (let i = 0; i < 5; i++) held.push(await connect(port, '127.0.0.3'));
    expect(await get(port, '127.0.0.3')).toBe(200);
  });
});
