import { createHash, randomBytes } from 'node:crypto';

/** An opaque secret for links, refresh tokens and codes: 256 bits, URL-safe. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Stored form of a secret: a leaked table must not hand out working tokens. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** A six-digit code for reauthentication e-mails. */
export function randomDigits(length = 6): string {
  const n = randomBytes(4).readUInt32BE(0) % 10 ** length;
  return String(n).padStart(length, '0');
}
