import type { Context } from 'hono';
import { isPgError } from '../db/database.ts';
import { DatabaseUnavailableError } from '../db/unavailable.ts';
import { JwtError, MissingApiKeyError } from '../security/request-auth.ts';
import { SessionEndedError } from '../security/session-liveness.ts';

/**
 * An error in Supabase Storage's shape: HTTP 400 (500 for server faults) with the "real"
 * status in `statusCode`, which is what storage-js reads into `error.statusCode`.
 */
export class StorageError extends Error {
  constructor(
    readonly statusCode: number,
    readonly error: string,
    message: string,
    /** The HTTP status actually sent; Storage sends 400 for everything but 5xx and throttling. */
    readonly httpStatus: number = statusCode >= 500 ? 500 : statusCode === 429 ? 429 : 400,
    /** Seconds for Retry-After (throttling, a busy renderer, a database that may come back). */
    readonly retryAfter?: number,
  ) {
    super(message);
  }

  toJSON() {
    return { statusCode: String(this.statusCode), error: this.error, message: this.message };
  }
}

export const errors = {
  bucketNotFound: () => new StorageError(404, 'Bucket not found', 'Bucket not found'),
  objectNotFound: () => new StorageError(404, 'not_found', 'Object not found'),
  duplicate: () => new StorageError(409, 'Duplicate', 'The resource already exists'),
  bucketNotEmpty: () => new StorageError(409, 'InvalidRequest', 'The bucket you tried to delete is not empty'),
  tooLarge: () => new StorageError(413, 'Payload too large', 'The object exceeded the maximum allowed size'),
  mimeNotSupported: (mime: string) => new StorageError(415, 'invalid_mime_type', `mime type ${mime} is not supported`),
  contentMismatch: (mime: string) =>
    new StorageError(415, 'invalid_mime_type', `The file content is not a valid ${mime} file`),
  accessDenied: (message = 'new row violates row-level security policy') => new StorageError(403, 'Unauthorized', message),
  invalidKey: (key: string) => new StorageError(400, 'InvalidKey', `Invalid key: ${key}`),
  invalidBucketName: () => new StorageError(400, 'Invalid Input', 'Bucket name invalid'),
  invalidRequest: (message: string) => new StorageError(400, 'InvalidRequest', message),
  invalidJwt: (message: string) => new StorageError(400, 'InvalidJWT', message),
  noContent: () => new StorageError(400, 'InvalidRequest', 'No content provided'),
  tooManyRequests: () => new StorageError(429, 'too_many_requests', 'Too many requests, please try again later'),
  insufficientStorage: () =>
    new StorageError(507, 'InsufficientStorage', "The server's disk is almost full: the file was not stored. Try again later.", 507, 60),
  storageUnavailable: (retryAfter: number) =>
    new StorageError(503, 'StorageBackendError', 'The file store is unavailable, please try again in a few seconds', 503, retryAfter),
  databaseUnavailable: (retryAfter: number) =>
    new StorageError(503, 'DatabaseTimeout', 'The database is unavailable, please try again in a few seconds', 503, retryAfter),
};

/**
 * The object store (S3) did not answer: refused, cut, timed out, or said it is failing (5xx). The
 * request can be tried again later; nothing was half written (decision 114).
 */
export class StorageUnavailableError extends Error {
  readonly retryAfterSeconds = 5;
}

/** Errors of the local file system that mean "no space", not "bad request". */
const NO_SPACE = new Set(['ENOSPC', 'EDQUOT']);

/** Maps what handlers throw (our errors, auth failures, Postgres errors) to Storage's shape. */
export function toStorageError(err: unknown): StorageError | undefined {
  if (err instanceof StorageError) return err;
  if (err instanceof MissingApiKeyError) return errors.accessDenied('headers must have required property \'authorization\'');
  if (err instanceof JwtError) return errors.invalidJwt(err.reason === 'expired' ? 'jwt expired' : 'invalid JWT');
  if (err instanceof SessionEndedError) return errors.invalidJwt('jwt session has ended');
  if (err instanceof DatabaseUnavailableError) return errors.databaseUnavailable(err.retryAfterSeconds);
  if (err instanceof StorageUnavailableError) return errors.storageUnavailable(err.retryAfterSeconds);
  if (NO_SPACE.has((err as NodeJS.ErrnoException)?.code ?? '')) return errors.insufficientStorage();
  if (isPgError(err)) {
    switch (err.code) {
      case '42501':
        return errors.accessDenied();
      case '23505':
        return errors.duplicate();
      case '23503':
        // Deleting a bucket that still holds objects, or writing into a bucket that vanished.
        return /^update or delete on table "buckets"/.test(err.message) ? errors.bucketNotEmpty() : errors.bucketNotFound();
      case '22P02':
      case '22023':
        return errors.invalidRequest('Invalid input');
      case '57014':
        return errors.databaseUnavailable(5);
      case '53100':
        return errors.insufficientStorage();
    }
  }
  return undefined;
}

export function renderError(c: Context, err: StorageError, retryAfter = err.retryAfter): Response {
  if (retryAfter) c.header('Retry-After', String(retryAfter));
  return c.json(err.toJSON(), err.httpStatus as 400);
}

/** 507 in Storage's shape, for the disk gate (server/ops/disk-gate.ts). */
export function storageDiskFull(c: Context, message: string): Response {
  return renderError(c, new StorageError(507, 'InsufficientStorage', message, 507));
}
