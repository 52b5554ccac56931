import { createCipheriv, createDecipheriv, randomBytes, scrypt as scryptCb, type ScryptOptions } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Encrypted backups (decision 246): a backup holds the JWT secret and every TOTP secret, so with
 * BACKUP_PASSPHRASE it is written as AES-256-GCM in chunks, under a key scrypt derives from the
 * passphrase and a random salt. Layout:
 *
 *   header (40 bytes): "SCBKENC" | version 1 | log2 N | r | p | salt (16) | nonce prefix (7) | chunk size (4, BE) | 0
 *   chunks: ciphertext | tag (16)    every chunk but the last holds exactly chunk-size bytes of plaintext
 *
 * Each chunk's nonce is the prefix, its index (4 bytes, BE) and a last-chunk flag (1 byte), and the
 * header is every chunk's additional data (the STREAM construction): a chunk moved, dropped, cut off
 * at the end or taken from another file fails its tag. Decryption never hands out a byte of a chunk
 * before its tag is checked; restore decrypts the whole file before using any of it.
 */
export const ENCRYPTED_MAGIC = Buffer.from('SCBKENC');
const VERSION = 1;
const HEADER_BYTES = 40;
const TAG_BYTES = 16;
const CHUNK_BYTES = 64 * 1024;
/** scrypt cost: N = 2^15, r = 8, p = 1 (32 MiB, a tenth of a second or so). */
const LOG_N = 15;
const R = 8;
const P = 1;

export class BackupPassphraseError extends Error {}

function scrypt(passphrase: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => scryptCb(passphrase, salt, 32, options, (err, key) => (err ? reject(err) : resolve(key))));
}

function deriveKey(passphrase: string, salt: Buffer, logN: number, r: number, p: number): Promise<Buffer> {
  const N = 2 ** logN;
  return scrypt(passphrase, salt, { N, r, p, maxmem: 256 * N * r + 1024 * 1024 });
}

function nonce(prefix: Buffer, index: number, last: boolean): Buffer {
  const n = Buffer.alloc(12);
  prefix.copy(n, 0);
  n.writeUInt32BE(index, 7);
  n[11] = last ? 1 : 0;
  return n;
}

/** Whether a file starts as an encrypted backup does. */
export async function isEncryptedBackup(file: string): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(ENCRYPTED_MAGIC.length);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return bytesRead === head.length && head.equals(ENCRYPTED_MAGIC);
  } finally {
    await handle.close();
  }
}

/** A transform that encrypts what passes through it with the passphrase. */
export async function encryptingStream(passphrase: string): Promise<Transform> {
  const salt = randomBytes(16);
  const prefix = randomBytes(7);
  const header = Buffer.alloc(HEADER_BYTES);
  ENCRYPTED_MAGIC.copy(header, 0);
  header[7] = VERSION;
  header[8] = LOG_N;
  header[9] = R;
  header[10] = P;
  salt.copy(header, 11);
  prefix.copy(header, 27);
  header.writeUInt32BE(CHUNK_BYTES, 34);
  const key = await deriveKey(passphrase, salt, LOG_N, R, P);
  let index = 0;
  let pending: Buffer = Buffer.alloc(0);
  const seal = (plain: Buffer, last: boolean): Buffer => {
    const cipher = createCipheriv('aes-256-gcm', key, nonce(prefix, index++, last));
    cipher.setAAD(header);
    const body = Buffer.concat([cipher.update(plain), cipher.final()]);
    return Buffer.concat([body, cipher.getAuthTag()]);
  };
  return new Transform({
    construct(callback) {
      this.push(header);
      callback();
    },
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
      // Keep at least one byte back: the last chunk is sealed as last, so it must wait for the end.
      while (pending.length > CHUNK_BYTES) {
        this.push(seal(pending.subarray(0, CHUNK_BYTES), false));
        pending = pending.subarray(CHUNK_BYTES);
      }
      callback();
    },
    flush(callback: TransformCallback) {
      this.push(seal(pending, true));
      callback();
    },
  });
}

/** A transform that decrypts an encrypted backup, failing on a wrong passphrase or any change. */
export function decryptingStream(passphrase: string): Transform {
  let header: Buffer | undefined;
  let key: Buffer | undefined;
  let prefix: Buffer | undefined;
  let sealedChunk = 0;
  let index = 0;
  let buffered: Buffer = Buffer.alloc(0);

  const open = (sealed: Buffer, last: boolean): Buffer => {
    const decipher = createDecipheriv('aes-256-gcm', key!, nonce(prefix!, index, last));
    decipher.setAAD(header!);
    decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
    const plain = decipher.update(sealed.subarray(0, sealed.length - TAG_BYTES));
    try {
      decipher.final();
    } catch {
      throw new BackupPassphraseError(
        index === 0
          ? 'the backup passphrase is wrong (or the file is not the one encrypted with it)'
          : `the encrypted backup is damaged: chunk ${index} does not verify`,
      );
    }
    index++;
    return plain;
  };

  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      (async () => {
        buffered = buffered.length ? Buffer.concat([buffered, chunk]) : chunk;
        if (!header) {
          if (buffered.length < HEADER_BYTES) return;
          header = Buffer.from(buffered.subarray(0, HEADER_BYTES));
          if (!header.subarray(0, 7).equals(ENCRYPTED_MAGIC)) throw new BackupPassphraseError('not an encrypted backup');
          if (header[7] !== VERSION) throw new BackupPassphraseError(`an encrypted backup of version ${header[7]}, which this version cannot read`);
          const [logN, r, p] = [header[8]!, header[9]!, header[10]!];
          if (logN > 20 || r > 32 || p > 4) throw new BackupPassphraseError('the encrypted backup asks for an unreasonable key derivation');
          prefix = header.subarray(27, 34);
          const chunkBytes = header.readUInt32BE(34);
          if (chunkBytes < 1024 || chunkBytes > 16 * 1024 * 1024) throw new BackupPassphraseError('the encrypted backup has an unreasonable chunk size');
          sealedChunk = chunkBytes + TAG_BYTES;
          key = await deriveKey(passphrase, header.subarray(11, 27), logN, r, p);
          buffered = buffered.subarray(HEADER_BYTES);
        }
        // A full chunk is not known to be the last until more bytes follow it.
        while (buffered.length > sealedChunk) {
          this.push(open(buffered.subarray(0, sealedChunk), false));
          buffered = buffered.subarray(sealedChunk);
        }
      })().then(() => callback(), (err: Error) => callback(err));
    },
    flush(callback: TransformCallback) {
      try {
        if (!header || !key) throw new BackupPassphraseError('the encrypted backup is cut short (no header)');
        if (buffered.length < TAG_BYTES) throw new BackupPassphraseError('the encrypted backup is cut short');
        this.push(open(buffered, true));
        callback();
      } catch (err) {
        callback(err as Error);
      }
    },
  });
}

/** Decrypts `from` into `to` (mode 0600); every chunk is verified, and the end must be the sealed last chunk. */
export async function decryptFile(from: string, to: string, passphrase: string): Promise<void> {
  await pipeline(createReadStream(from), decryptingStream(passphrase), createWriteStream(to, { mode: 0o600 }));
}
