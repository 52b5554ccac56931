import { hash, verify, type Algorithm } from '@node-rs/argon2';

/** Algorithm.Argon2id; the enum is a const enum, which isolatedModules cannot read. */
const ARGON2ID = 2 as Algorithm;

/** argon2id with OWASP's second recommended profile (19 MiB, 2 passes). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 });
}

/** A hash of a fixed string, checked when the e-mail is unknown, so timing does not reveal who exists. */
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(encrypted: string | null | undefined, password: string): Promise<boolean> {
  if (!encrypted) {
    dummyHash ??= hashPassword('not-a-real-password-' + Math.random());
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(encrypted, password);
  } catch {
    return false;
  }
}
