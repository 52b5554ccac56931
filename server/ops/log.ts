import pino from 'pino';

export type LogLevel = 'silent' | 'error' | 'info' | 'debug';
export type LogFormat = 'text' | 'json';
export type LogFields = Record<string, unknown> & { err?: unknown };

/**
 * The server's one logger. `text` (the default) writes the lines a person reads in a terminal;
 * `json` writes one JSON object per line (pino) for a log collector, with the request id of the
 * request a line belongs to in `reqId`.
 */
export interface Logger {
  readonly level: LogLevel;
  debug(msg: string, fields?: LogFields): void;
  info(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  error(msg: string, fields?: LogFields): void;
  /**
   * An error that can repeat thousands of times a second (the database is down): written at most
   * once per `everyMs` for each key, with the number of lines held back since the last one.
   */
  errorThrottled(key: string, msg: string, fields?: LogFields, everyMs?: number): void;
}

const RANK: Record<LogLevel, number> = { silent: 0, error: 1, info: 2, debug: 3 };
const THROTTLE_MS = 10_000;

export interface LoggerOptions {
  level: LogLevel;
  format: LogFormat;
  /** Where text lines go (tests capture them); JSON goes to stdout. */
  write?: (line: string, isError: boolean) => void;
  /** For the throttle; tests pass their own. */
  nowMs?: () => number;
}

function describeError(err: unknown): string {
  if (err instanceof Error) return err.stack ?? `${err.name}: ${err.message}`;
  return String(err);
}

function textLine(msg: string, fields: LogFields | undefined): string {
  if (!fields) return msg;
  let line = msg;
  let error: string | undefined;
  for (const key in fields) {
    const value = fields[key];
    if (value === undefined) continue;
    if (key === 'err') error = describeError(value);
    else line += ` ${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`;
  }
  return error ? `${line}\n${error}` : line;
}

export function createLogger(options: LoggerOptions): Logger {
  const rank = RANK[options.level];
  const nowMs = options.nowMs ?? Date.now;
  let emit: (level: 'debug' | 'info' | 'warn' | 'error', msg: string, fields?: LogFields) => void;
  if (options.format === 'json') {
    const out = pino({
      level: options.level === 'silent' ? 'silent' : options.level,
      base: { pid: process.pid },
      messageKey: 'msg',
      serializers: { err: pino.stdSerializers.err },
      timestamp: pino.stdTimeFunctions.isoTime,
    });
    emit = (level, msg, fields) => (fields ? out[level](fields, msg) : out[level](msg));
  } else {
    const write =
      options.write ?? ((line: string, isError: boolean) => (isError ? process.stderr : process.stdout).write(`${line}\n`));
    emit = (level, msg, fields) => write(textLine(msg, fields), level === 'error' || level === 'warn');
  }

  const throttled = new Map<string, { lastMs: number; held: number }>();
  return {
    level: options.level,
    debug: (msg, fields) => rank >= RANK.debug && emit('debug', msg, fields),
    info: (msg, fields) => rank >= RANK.info && emit('info', msg, fields),
    // Warnings are worth seeing whenever errors are.
    warn: (msg, fields) => rank >= RANK.error && emit('warn', msg, fields),
    error: (msg, fields) => rank >= RANK.error && emit('error', msg, fields),
    errorThrottled(key, msg, fields, everyMs = THROTTLE_MS) {
      if (rank < RANK.error) return;
      const now = nowMs();
      const entry = throttled.get(key);
      if (entry && now - entry.lastMs < everyMs) {
        entry.held++;
        return;
      }
      const held = entry?.held ?? 0;
      throttled.set(key, { lastMs: now, held: 0 });
      emit('error', held ? `${msg} (${held} more like it in the last ${Math.round((now - entry!.lastMs) / 1000)} s)` : msg, fields);
    },
  };
}

/** For code that runs before a logger exists, and for tests. */
export const silentLogger: Logger = createLogger({ level: 'silent', format: 'text' });
