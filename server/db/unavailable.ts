import { isPgError } from './database.ts';

/**
 * Why the database could not serve a request, when the fault is the database's (or the way to it)
 * and not the request's: every API answers these with 503 and Retry-After (decision 110).
 * - down: no connection could be made, or the one in use broke (refused, cut, server restarting);
 * - busy: every pooled connection stayed in use for the whole acquisition wait;
 * - timeout: the database took longer than the server waits (it hangs, or the statement is slow).
 */
export type UnavailableReason = 'down' | 'busy' | 'timeout';

export class DatabaseUnavailableError extends Error {
  constructor(
    readonly reason: UnavailableReason,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'DatabaseUnavailableError';
  }

  /** Seconds a client should wait before trying again. */
  get retryAfterSeconds(): number {
    return this.reason === 'busy' ? 1 : 5;
  }
}

/** Socket-level failures node-postgres passes on as they come. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * SQLSTATEs that mean the server is going away or cannot take the connection: admin shutdown,
 * crash shutdown, starting up, too many connections, and every connection exception.
 */
function isUnavailableSqlState(code: string): boolean {
  return code === '57P01' || code === '57P02' || code === '57P03' || code === '53300' || code.startsWith('08');
}

/**
 * The unavailability behind an error thrown by node-postgres or pg-pool, or undefined when the
 * error is the request's own (a constraint, a permission, bad SQL). A statement cancelled by
 * statement_timeout (57014) stays a Postgres error: it is answered with its own code.
 */
export function classifyPostgresFailure(err: unknown): DatabaseUnavailableError | undefined {
  if (err instanceof DatabaseUnavailableError) return err;
  if (!(err instanceof Error)) return undefined;
  if (isPgError(err)) {
    return isUnavailableSqlState(err.code) ? new DatabaseUnavailableError('down', err.message, { cause: err }) : undefined;
  }
  const code = (err as NodeJS.ErrnoException).code;
  if (code && NETWORK_CODES.has(code)) return new DatabaseUnavailableError('down', err.message, { cause: err });
  const message = err.message;
  // pg-pool: no pooled connection came free within connectionTimeoutMillis.
  if (message === 'timeout exceeded when trying to connect') return new DatabaseUnavailableError('busy', message, { cause: err });
  // node-postgres: the query_timeout of a statement ran out (the database does not answer).
  if (message === 'Query read timeout') return new DatabaseUnavailableError('timeout', message, { cause: err });
  if (
    message.startsWith('Connection terminated') ||
    message === 'Client has encountered a connection error and is not queryable' ||
    message === 'Client was closed and is not queryable' ||
    message.includes('connect ECONNREFUSED')
  ) {
    return new DatabaseUnavailableError('down', message, { cause: err });
  }
  return undefined;
}
