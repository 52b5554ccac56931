import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { decryptingStream, encryptingStream } from './backup-crypto.ts';
import { backupName, backupsToDelete, backupTime } from './backup-retention.ts';

const DAY = 86_400_000;

describe('backup retention', () => {
  it('keeps 7 daily and 4 weekly over ten simulated weeks of daily backups, week after week', () => {
    let names: string[] = [];
    const start = Date.UTC(2031, 0, 6, 3); // a Monday
    for (let d = 0; d < 70; d++) {
      names.push(backupName(new Date(start + d * DAY), false));
      const doomed = new Set(backupsToDelete(names, 7, 4));
      names = names.filter((n) => !doomed.has(n));
    }
    expect(names).toHaveLength(11);
    const times = names.map((n) => backupTime(n)!.getTime()).sort((a, b) => b - a);
    // The 7 newest are consecutive days; the 4 before are each a week apart (Sundays, the newest of their weeks).
    for (let i = 1; i < 7; i++) expect(times[i - 1]! - times[i]!).toBe(DAY);
    for (let i = 8; i < 11; i++) expect(times[i - 1]! - times[i]!).toBe(7 * DAY);
    expect(new Date(times[7]!).getUTCDay()).toBe(0);
  });

  it('never deletes a name it did not write', () => {
    expect(backupsToDelete(['notes.txt', 'showcase-backup-x.tar.gz', backupName(new Date(0), true)], 1, 0)).toEqual([]);
  });
});

describe('backup encryption', () => {
  const plain = Buffer.concat([Buffer.alloc(200_000, 7), Buffer.from('the end')]);
  const encrypt = async (p: string) => buffer(Readable.from([plain]).pipe(await encryptingStream(p)));

  it('round-trips, and refuses a wrong passphrase, a flipped bit, or a file cut at a chunk boundary', async () => {
    const sealed = await encrypt('a passphrase of length');
    expect(await buffer(Readable.from([sealed]).pipe(decryptingStream('a passphrase of length')))).toEqual(plain);
    await expect(buffer(Readable.from([sealed]).pipe(decryptingStream('another passphrase')))).rejects.toThrow(/passphrase is wrong/);
    const flipped = Buffer.from(sealed);
    flipped[flipped.length - 5]! ^= 1;
    await expect(buffer(Readable.from([flipped]).pipe(decryptingStream('a passphrase of length')))).rejects.toThrow(/damaged/);
    const cut = sealed.subarray(0, 40 + 2 * (64 * 1024 + 16));
    await expect(buffer(Readable.from([cut]).pipe(decryptingStream('a passphrase of length')))).rejects.toThrow(/damaged|cut short/);
  });
});
