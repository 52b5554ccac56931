import net from 'node:net';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { secondConnection } from '../../support/databases.ts';
import { startTestServer, type TestServer } from '../../support/server.ts';

/**
 * The README's load-balancer setup: instances sharing one Postgres and one storage folder
 * (reliability report F5: starting a second instance emptied the staging folder under an
 * upload in flight on the first, which then failed with 500).
 */
const dataDir = mkdtempSync(join(tmpdir(), 'shared-storage-'));
const servers: TestServer[] = [];
afterAll(async () => {
  for (const s of servers.reverse()) await s.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('two instances on one database and one storage folder', () => {
  it('an upload in flight on the first completes while the second starts', async () => {
    const first = await startTestServer({}, { dataDir });
    servers.push(first);
    const user = await first.createUser();
    const size = 1_000_000;
    const body = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(size - 8, 5)]);
    const key = `${user.id}/in-flight.png`;

    const socket = net.connect(Number(new URL(first.url).port), '127.0.0.1');
    await new Promise((r) => socket.once('connect', r));
    let response = '';
    socket.on('data', (d) => (response += d.toString()));
    const closed = new Promise((r) => socket.once('close', r));
    socket.write(
      [
        `POST /storage/v1/object/project-images/${key} HTTP/1.1`,
        'Host: 127.0.0.1',
        `apikey: ${first.anonKey}`,
        `Authorization: Bearer ${user.token}`,
        'Content-Type: image/png',
        `Content-Length: ${size}`,
        'Connection: close',
        '',
        '',
      ].join('\r\n'),
    );
    socket.write(body.subarray(0, size / 2));
    await new Promise((r) => setTimeout(r, 300));

    // The second instance starts on the same folder while half the body is staged on the first.
    const second = await startTestServer({}, { dataDir, db: await secondConnection(first.ctx.db) });
    servers.push(second);
    expect(second.ctx.storage.stagingDir).not.toBe(first.ctx.storage.stagingDir);

    socket.write(body.subarray(size / 2));
    await closed;
    expect(response).toMatch(/^HTTP\/1\.1 200 /);
    // Both instances serve it.
    for (const s of [first, second]) {
      const res = await fetch(`${s.url}/storage/v1/object/public/project-images/${key}`);
      expect(res.status).toBe(200);
      expect(Buffer.from(await res.arrayBuffer()).equals(body)).toBe(true);
    }
    expect(readFileSync(join(dataDir, 'storage', 'project-images', key)).equals(body)).toBe(true);
    expect(existsSync(first.ctx.storage.stagingDir)).toBe(true);
  });
});
