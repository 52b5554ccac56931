import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync, existsSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError, LOCK_FILE, readLock } from './data-dir-lock.ts';

/** A PID that ran a moment ago and is gone now. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

const lockText = (pid: number, host: string, bootId = '') => `${pid}\n2026-01-01T00:00:00.000Z\n${host}\n8080\n${bootId}\n\n`;

describe('DATA_DIR lock (one process per PGlite data directory)', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'lock-test-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes PID, start time, host and port, and lets go on release', () => {
    const lock = acquireDataDirLock(dir);
    lock.setPort(41123);
    expect(readLock(dir)).toMatchObject({ pid: process.pid, host: hostname(), port: 41123 });
    expect(readFileSync(join(dir, LOCK_FILE), 'utf8').split('\n')[0]).toBe(String(process.pid));
    lock.release();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
  });

  it('refuses a second holder while the first lives, naming its PID', () => {
    const lock = acquireDataDirLock(dir);
    try {
      expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
      expect(() => acquireDataDirLock(dir)).toThrow(new RegExp(`in use by process ${process.pid} on ${hostname()}`));
    } finally {
      lock.release();
    }
  });

  it('takes over a lock left by a process that is gone (kill -9, crash)', () => {
    writeFileSync(join(dir, LOCK_FILE), lockText(deadPid(), hostname()));
    const lock = acquireDataDirLock(dir);
    expect(readLock(dir)?.pid).toBe(process.pid);
    lock.release();
  });

  it('takes over a lock written before the machine rebooted, even if its PID runs again', () => {
    writeFileSync(join(dir, LOCK_FILE), lockText(process.pid, hostname(), 'another-boot-id'));
    const lock = acquireDataDirLock(dir);
    expect(readLock(dir)?.bootId).not.toBe('another-boot-id');
    lock.release();
  });

  it('respects a holder on another host while it keeps the file fresh, and takes over once it stops', () => {
    writeFileSync(join(dir, LOCK_FILE), lockText(4242, 'other-host.example'));
    expect(() => acquireDataDirLock(dir, { staleAfterMs: 60_000 })).toThrow(/in use by process 4242 on other-host\.example/);
    const old = new Date(Date.now() - 120_000);
    utimesSync(join(dir, LOCK_FILE), old, old);
    const lock = acquireDataDirLock(dir, { staleAfterMs: 60_000 });
    expect(readLock(dir)?.host).toBe(hostname());
    lock.release();
  });

  it("never removes another process's lock on release", () => {
    const lock = acquireDataDirLock(dir);
    writeFileSync(join(dir, LOCK_FILE), lockText(4242, 'other-host.example'));
    lock.release();
    expect(readLock(dir)?.pid).toBe(4242);
  });
});
