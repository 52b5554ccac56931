import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync, chmodSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';

/**
 * Every environment variable the server reads is parsed here, and nowhere else.
 * Limits are "<count>/<seconds>" pairs so operators can tune them without a code change.
 */
const boolean = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const rateLimit = z
  .string()
  .regex(/^\d+\/\d+$/, 'expected "<count>/<seconds>"')
  .transform((v) => {
    const [count, seconds] = v.split('/').map(Number) as [number, number];
    return { count, seconds };
  });

export type RateLimitRule = { count: number; seconds: number };

/** A duration as Postgres's statement_timeout takes it: "3s", "500ms", "1min", or milliseconds. */
const pgDuration = z.string().regex(/^\d+(ms|s|min)?$/, 'expected a duration such as "3s", "500ms" or "1min"');

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./.data'),
  DATABASE_URL: z.string().url().optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  JWT_EXPIRY_SECONDS: z.coerce.number().int().positive().default(3600),
  SITE_URL: z.string().url().optional(),
  ADDITIONAL_REDIRECT_URLS: z.string().default(''),
  AUTH_AUTOCONFIRM: boolean.prefault('false'),
  SMTP_URL: z.string().optional(),
  SMTP_FROM: z.string().default('AI Showcase <no-reply@localhost>'),
  // Each SMTP step (connect, greeting, any silence) fails after this many seconds.
  SMTP_TIMEOUT_SECONDS: z.coerce.number().int().positive().default(30),
  // Where the mailto in List-Unsubscribe points (the token is in its subject); default: SMTP_FROM's address.
  MAIL_UNSUBSCRIBE_ADDRESS: z.string().email().optional(),
  // The secret path segment of the dev mailbox (without SMTP_URL, on a loopback SITE_URL only).
  DEV_MAILBOX_SECRET: z.string().regex(/^[A-Za-z0-9_-]{16,128}$/, 'expected 16 to 128 letters, digits, - or _').optional(),
  GITHUB_CLIENT_ID: z.string().optional(),
  GITHUB_CLIENT_SECRET: z.string().optional(),
  GITHUB_BASE_URL: z.string().url().default('https://github.com'),
  GITHUB_API_URL: z.string().url().default('https://api.github.com'),
  // Sent to the GitHub API by auto-fill (decision 261): 5,000 calls an hour instead of 60 per server IP.
  GITHUB_TOKEN: z.string().trim().min(1).optional(),
  SEED_DEMO: boolean.prefault('true'),
  // The built SPA served at /; defaults to dist/web (npm run build:web). Browser tests use their own build.
  WEB_DIST_DIR: z.string().optional(),
  // A page's one deadline for all its reads (meta, first screen, the server's drawing); past it the
  // page goes out without them and the app asks the API itself.
  PAGE_RENDER_DEADLINE_MS: z.coerce.number().int().positive().default(2000),
  // Draw every server-drawn page once at start, before /readyz says ready.
  PAGE_WARM_UP: boolean.prefault('true'),
  TRUST_PROXY: z.string().default(''),
  // Exact "host:port" pairs the server may fetch although they are local (a staging site, test
  // fixtures): comma-separated, no ranges or wildcards; warned about at start (decision 250).
  FETCH_ALLOW_HOSTS: z.string().default(''),
  LOG_LEVEL: z.enum(['silent', 'error', 'info', 'debug']).default('info'),
  // "json": one JSON object per line (for a log collector); "text": lines for a terminal.
  LOG_FORMAT: z.enum(['text', 'json']).default('text'),
  // Prometheus metrics at GET /metrics for this bearer token; unset: no /metrics at all.
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  // After SIGTERM/SIGINT, requests still running get this long before their connections are cut.
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().min(0).default(10),
  // A connection must have sent a request's headers this long after it opened (or after its last
  // answer), a request's body within HTTP_REQUEST_TIMEOUT_SECONDS; an idle keep-alive connection is
  // closed after HTTP_KEEPALIVE_TIMEOUT_SECONDS (decision 114).
  HTTP_HEADERS_TIMEOUT_SECONDS: z.coerce.number().positive().default(20),
  HTTP_REQUEST_TIMEOUT_SECONDS: z.coerce.number().positive().default(300),
  HTTP_KEEPALIVE_TIMEOUT_SECONDS: z.coerce.number().positive().default(5),
  // Connections (HTTP and realtime websockets) one peer address may hold; TRUST_PROXY peers exempt.
  HTTP_MAX_CONNECTIONS_PER_IP: z.coerce.number().int().min(1).default(256),
  // The process kills itself (for its supervisor to restart it) when its main thread stops
  // answering for this long; 0: no watchdog.
  WATCHDOG_TIMEOUT_SECONDS: z.coerce.number().min(0).default(30),
  // PGlite: answer a write only once it is on stable storage (fdatasync, shared by concurrent
  // writers), so a power cut loses no acknowledged write. Decision 112 has the cost.
  PGLITE_FSYNC: boolean.prefault('true'),
  // Writes are refused (507) while the disk holding DATA_DIR has less free space than this.
  DISK_RESERVE_MB: z.coerce.number().min(0).default(64),
  // Postgres (DATABASE_URL) only: waits before a request is answered 503 instead of hanging.
  DATABASE_ACQUIRE_TIMEOUT_SECONDS: z.coerce.number().min(0).default(5),
  DATABASE_QUERY_TIMEOUT_SECONDS: z.coerce.number().min(0).default(10),
  // How a /rest/v1 write's transaction ends, as PostgREST's db-tx-end: "commit-allow-override"
  // commits unless the request sends Prefer: tx=rollback (supabase-js's .rollback()); "commit"
  // refuses such a request rather than commit what it asked to roll back (decision 230).
  // column.sum(), avg(), min(), max() and count() in select=, as PostgREST's db-aggregates-enabled:
  // off by default (an aggregate over a whole table is work anyone could ask for); bounded by the
  // role's statement timeout when on. count() alone is always allowed (it was before).
  REST_AGGREGATES_ENABLED: boolean.prefault('false'),
  REST_TX_END: z.enum(['commit', 'commit-allow-override', 'rollback', 'rollback-allow-override']).default('commit-allow-override'),
  // statement_timeout per API role, as Supabase sets it (PGlite cannot enforce it).
  STATEMENT_TIMEOUT_ANON: pgDuration.default('3s'),
  STATEMENT_TIMEOUT_AUTHENTICATED: pgDuration.default('8s'),
  // How often the scheduler looks for due jobs, in seconds (0: never; tests run jobs themselves).
  JOBS_TICK_SECONDS: z.coerce.number().int().min(0).default(15),
  // Anonymous users (visitors who upvoted) with no votes left are deleted after this many days.
  ANONYMOUS_USERS_MAX_AGE_DAYS: z.coerce.number().int().positive().default(30),
  // Server-side write limits, per client IP and per user.
  RATE_LIMIT_REST_WRITES: rateLimit.prefault('120/60'),
  RATE_LIMIT_VOTES: rateLimit.prefault('60/60'),
  RATE_LIMIT_COMMENTS: rateLimit.prefault('20/60'),
  RATE_LIMIT_PROJECTS: rateLimit.prefault('10/3600'),
  RATE_LIMIT_UPLOADS: rateLimit.prefault('30/3600'),
  RATE_LIMIT_REPORTS: rateLimit.prefault('20/3600'),
  // Product e-mails (notifications, digests) per recipient address; more wait in the outbox.
  RATE_LIMIT_NOTIFICATION_EMAILS: rateLimit.prefault('10/3600'),
  RATE_LIMIT_NEWSLETTER: rateLimit.prefault('10/3600'),
  // Co-maker invitations (rpc invite_comaker) per inviter and per client network: a daily cap.
  RATE_LIMIT_INVITATIONS: rateLimit.prefault('20/86400'),
  // Counting beacons (POST /api/beacon: a page's view and up to 24 card impressions, or one
  // outbound click) per client network; beyond it beacons are refused and count nothing.
  RATE_LIMIT_BEACONS: rateLimit.prefault('120/600'),
  // Outbound links to makers' sites carry ?ref=<host>: empty is SITE_URL's host, "off" adds none,
  // anything else is the host name to send (a maker may still opt out per project).
  OUTBOUND_REF: z.string().trim().toLowerCase().regex(/^(|off|[a-z0-9.-]{1,253})$/, 'OUTBOUND_REF must be a host name, "off" or empty').default(''),
  // Daily project stats (views, visitors, impressions, clicks, referrers) are kept this many days.
  ANALYTICS_RETENTION_DAYS: z.coerce.number().int().min(1).default(730),
  // Image renders that miss the thumbnail cache, per client IP (cache hits are never limited).
  RATE_LIMIT_RENDERS: rateLimit.prefault('60/60'),
  // Search suggestions (the search_suggest RPC) per client IP, counted in each process (decision 234).
  RATE_LIMIT_SEARCH_SUGGEST: rateLimit.prefault('60/60'),
  // Auto-fill of the submit form from a URL (the autofill function, decision 261): per user, and
  // per client network (which may hold several makers).
  RATE_LIMIT_AUTOFILL: rateLimit.prefault('20/3600'),
  RATE_LIMIT_AUTOFILL_IP: rateLimit.prefault('60/3600'),
  // Renders waiting for one of the two encoder slots; beyond it the server answers 503.
  RENDER_QUEUE_SIZE: z.coerce.number().int().min(0).default(8),
  // Preview images (server/previews) waiting for the one preview drawer; beyond it a miss answers 503.
  PREVIEW_QUEUE_SIZE: z.coerce.number().int().min(0).default(4),
  // The thumbnail cache's size on disk; least recently used thumbnails go first.
  STORAGE_DERIVED_CACHE_BYTES: z.coerce.number().int().positive().default(512 * 1024 * 1024),
  // Where object bytes live: "disk" (DATA_DIR/storage) or "s3" (any S3-compatible bucket).
  STORAGE_BACKEND: z.enum(['disk', 's3']).default('disk'),
  S3_ENDPOINT: z.string().url().optional(),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  // Path-style URLs (endpoint/bucket/key): MinIO, s3rver and Supabase's S3 endpoint need them.
  S3_FORCE_PATH_STYLE: boolean.prefault('false'),
  // An S3 endpoint that does not accept a connection within this many seconds, or goes silent this
  // long in a request, fails it: the client gets 503 and the upload stores nothing (decision 114).
  S3_CONNECT_TIMEOUT_SECONDS: z.coerce.number().positive().default(5),
  S3_REQUEST_TIMEOUT_SECONDS: z.coerce.number().positive().default(30),
  // Object files without a row (a crash between file and row) are removed after this long.
  ORPHAN_GRACE_MINUTES: z.coerce.number().min(1).default(60),
  // Scheduled backups (decision 245): where they go (a local directory, or s3://bucket/prefix with
  // the S3_* endpoint and keys), when ("daily@HH:MM" in the site's time zone, or "every <n>h|m"),
  // how many to keep (the newest of each of the last KEEP_DAILY days and of KEEP_WEEKLY weeks
  // before those), and an optional passphrase (AES-256-GCM, scrypt key). Unset BACKUP_DIR: none.
  BACKUP_DIR: z.string().optional(),
  BACKUP_SCHEDULE: z
    .string()
    .regex(/^(daily(@([01]\d|2[0-3]):[0-5]\d)?|every \d+(h|m))$/, 'expected "daily", "daily@HH:MM" (the site\'s time zone) or "every <n>h" / "every <n>m"')
    .default('daily@03:00'),
  BACKUP_KEEP_DAILY: z.coerce.number().int().min(1).max(366).default(7),
  BACKUP_KEEP_WEEKLY: z.coerce.number().int().min(0).max(520).default(4),
  BACKUP_PASSPHRASE: z.string().min(12, 'BACKUP_PASSPHRASE must be at least 12 characters').optional(),
  // The largest file any bucket may accept, in bytes; each bucket sets its own lower limit.
  STORAGE_MAX_FILE_SIZE: z.coerce.number().int().positive().default(50 * 1024 * 1024),
  // Realtime: the largest frame a client may send (and row record sent whole), and how much unsent
  // data a socket may have before the client is dropped for not reading.
  REALTIME_MAX_MESSAGE_BYTES: z.coerce.number().int().min(1024).default(1024 * 1024),
  REALTIME_MAX_BUFFERED_BYTES: z.coerce.number().int().min(64 * 1024).default(8 * 1024 * 1024),
  // Realtime limits, Supabase's free-plan numbers (decision 190): channels a socket may join, joins
  // and messages a socket may send per second, and sockets one client IP may hold open.
  REALTIME_MAX_CHANNELS_PER_SOCKET: z.coerce.number().int().min(1).default(100),
  REALTIME_MAX_JOINS_PER_SECOND: z.coerce.number().int().min(1).default(100),
  REALTIME_MAX_MESSAGES_PER_SECOND: z.coerce.number().int().min(1).default(100),
  REALTIME_MAX_SOCKETS_PER_IP: z.coerce.number().int().min(1).default(200),
  // Presence a client may make the server hold and send to everyone on a topic (decision 192):
  // one channel's presence, and all a client network's sockets together.
  REALTIME_MAX_PRESENCE_BYTES: z.coerce.number().int().min(2).default(1024),
  REALTIME_MAX_PRESENCE_BYTES_PER_IP: z.coerce.number().int().min(2).default(64 * 1024),
  // Several instances on Postgres (decision 191): how long a broadcast or presence message for the
  // other instances is retried while the database does not answer (a restart, a failover); 0: never.
  REALTIME_CLUSTER_RETRY_SECONDS: z.coerce.number().min(0).default(5),
  // Auth limits per client IP, GoTrue-like defaults.
  RATE_LIMIT_TOKEN: rateLimit.prefault('150/300'),
  RATE_LIMIT_TOKEN_BURST: z.coerce.number().int().positive().default(30),
  RATE_LIMIT_SIGNUP: rateLimit.prefault('30/300'),
  // Anonymous sign-ins (a visitor's first upvote): GoTrue's default, 30 an hour per IP.
  RATE_LIMIT_ANONYMOUS: rateLimit.prefault('30/3600'),
  RATE_LIMIT_VERIFY: rateLimit.prefault('30/300'),
  RATE_LIMIT_EMAIL: rateLimit.prefault('30/300'),
  // Wrong passwords per account (e-mail address) before its password sign-in cools down.
  RATE_LIMIT_SIGNIN_FAILURES: rateLimit.prefault('10/900'),
  // Wrong two-factor codes per factor (decision 231): past it the factor's verification waits out the window.
  RATE_LIMIT_MFA_FAILURES: rateLimit.prefault('5/300'),
  PASSWORD_MIN_LENGTH: z.coerce.number().int().min(6).max(256).default(8),
  // How long a data request may trust that its token's session is still live (sign-out, bans).
  SESSION_CHECK_SECONDS: z.coerce.number().int().min(0).max(30).default(5),
  // The shared cache of drawn pages (server/web/page-cache.ts, decision 206); PAGE_CACHE=false turns it off.
  PAGE_CACHE: boolean.prefault('true'),
  PAGE_CACHE_MAX_ENTRIES: z.coerce.number().int().min(1).default(1000),
  PAGE_CACHE_MAX_BYTES: z.coerce.number().int().min(1024).default(64 * 1024 * 1024),
  // A page is drawn again after this long even when no change was heard (views, text drawn from the clock).
  PAGE_CACHE_MAX_AGE_SECONDS: z.coerce.number().int().min(1).default(60),
  // After a change, one route is drawn again at most this often; meanwhile its previous copy is served.
  PAGE_CACHE_MIN_REDRAW_MS: z.coerce.number().int().min(0).default(1000),
  // What a CDN or reverse proxy in front may hold (Cache-Control s-maxage, stale-while-revalidate).
  PAGE_CACHE_S_MAXAGE: z.coerce.number().int().min(0).default(5),
  PAGE_CACHE_STALE_WHILE_REVALIDATE: z.coerce.number().int().min(0).default(25),
});

/** One FETCH_ALLOW_HOSTS entry: a host name or an IP address (IPv6 in brackets), then its port. */
const EXACT_HOST_PORT = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*|\[[0-9a-f:.]+\]):\d{1,5}$/;

export type Env = z.infer<typeof envSchema>;

export interface Config extends Omit<Env, 'JWT_SECRET' | 'SITE_URL' | 'TRUST_PROXY' | 'FETCH_ALLOW_HOSTS' | 'ADDITIONAL_REDIRECT_URLS' | 'MAIL_UNSUBSCRIBE_ADDRESS' | 'DEV_MAILBOX_SECRET' | 'BACKUP_SCHEDULE'> {
  /** When scheduled backups are taken (BACKUP_SCHEDULE parsed). */
  BACKUP_SCHEDULE: BackupSchedule;
  MAIL_UNSUBSCRIBE_ADDRESS: string;
  DATA_DIR: string;
  JWT_SECRET: string;
  DEV_MAILBOX_SECRET: string;
  SITE_URL: string;
  /** Addresses of proxies whose X-Forwarded-For may be believed. */
  TRUST_PROXY: string[];
  ADDITIONAL_REDIRECT_URLS: string[];
  /** "host:port" pairs, lowercased, the fetcher may reach although local. */
  FETCH_ALLOW_HOSTS: string[];
  githubEnabled: boolean;
}

export class ConfigError extends Error {}

/** BACKUP_SCHEDULE: once a day at a time of the site's time zone, or at a fixed interval. */
export type BackupSchedule = { kind: 'daily'; minuteOfDay: number } | { kind: 'interval'; ms: number };

function parseBackupSchedule(value: string): BackupSchedule {
  const every = /^every (\d+)(h|m)$/.exec(value);
  if (every) return { kind: 'interval', ms: Number(every[1]) * (every[2] === 'h' ? 3_600_000 : 60_000) };
  const at = /^daily@(\d\d):(\d\d)$/.exec(value);
  return { kind: 'daily', minuteOfDay: at ? Number(at[1]) * 60 + Number(at[2]) : 3 * 60 };
}

/** BACKUP_DIR: a local directory, or an S3 bucket with an optional key prefix (ending in "/"). */
export type BackupLocation = { kind: 'local'; dir: string } | { kind: 's3'; bucket: string; prefix: string };

export function parseBackupDir(value: string): BackupLocation {
  const s3 = /^s3:\/\/([^/]+)\/?(.*)$/.exec(value);
  if (s3) {
    const prefix = s3[2]!.replace(/^\/+|\/+$/g, '');
    return { kind: 's3', bucket: s3[1]!, prefix: prefix ? `${prefix}/` : '' };
  }
  return { kind: 'local', dir: resolve(value) };
}

/** Reads a secret from the environment, else from DATA_DIR/<name>, generating it once (mode 0600). */
function resolveSecret(dataDir: string, name: string, fromEnv: string | undefined, bytes: number): string {
  if (fromEnv) return fromEnv;
  const file = join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(bytes).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}

/** 'Name <a@b.c>' → 'a@b.c'. */
function addressOf(from: string): string {
  return (from.match(/<([^<>\s]+@[^<>\s]+)>/)?.[1] ?? from).trim();
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.STORAGE_BACKEND === 's3' && !e.S3_BUCKET) throw new ConfigError('Invalid configuration:\n  S3_BUCKET: required when STORAGE_BACKEND=s3');
  if (e.HTTP_HEADERS_TIMEOUT_SECONDS > e.HTTP_REQUEST_TIMEOUT_SECONDS) {
    throw new ConfigError('Invalid configuration:\n  HTTP_HEADERS_TIMEOUT_SECONDS: must not exceed HTTP_REQUEST_TIMEOUT_SECONDS');
  }
  // Each websocket is also a connection: the HTTP cap leaves a peer at its websocket cap room for requests.
  if (e.HTTP_MAX_CONNECTIONS_PER_IP <= e.REALTIME_MAX_SOCKETS_PER_IP) {
    throw new ConfigError('Invalid configuration:\n  HTTP_MAX_CONNECTIONS_PER_IP: must exceed REALTIME_MAX_SOCKETS_PER_IP (each websocket is a connection too)');
  }
  const fetchAllowHosts = e.FETCH_ALLOW_HOSTS.split(',').map((s) => s.trim().toLowerCase()).filter(Boolean);
  const badEntry = fetchAllowHosts.find((entry) => !EXACT_HOST_PORT.test(entry));
  if (badEntry) {
    throw new ConfigError(`Invalid configuration:\n  FETCH_ALLOW_HOSTS: "${badEntry}" is not an exact host:port (no ranges, wildcards or paths)`);
  }
  const dataDir = resolve(e.DATA_DIR);
  const schedule = parseBackupSchedule(e.BACKUP_SCHEDULE);
  if (schedule.kind === 'interval' && (schedule.ms < 5 * 60_000 || schedule.ms > 7 * 86_400_000)) {
    throw new ConfigError('Invalid configuration:\n  BACKUP_SCHEDULE: the interval must be between 5 minutes and 7 days');
  }
  if (e.BACKUP_DIR) {
    if (/^[a-z][a-z0-9+.-]*:\/\//i.test(e.BACKUP_DIR) && !/^s3:\/\/[^/]+/.test(e.BACKUP_DIR)) {
      throw new ConfigError('Invalid configuration:\n  BACKUP_DIR: expected a local directory or s3://bucket/prefix');
    }
    const where = parseBackupDir(e.BACKUP_DIR);
    // A backup inside the data it backs up is lost with that disk, and the next backup would hold it.
    if (where.kind === 'local' && (where.dir === dataDir || where.dir.startsWith(`${dataDir}/`))) {
      throw new ConfigError(`Invalid configuration:\n  BACKUP_DIR: ${where.dir} is inside DATA_DIR; put backups on another directory (or disk)`);
    }
    if (where.kind === 's3' && where.bucket === e.S3_BUCKET && !where.prefix) {
      throw new ConfigError('Invalid configuration:\n  BACKUP_DIR: backups in the storage bucket need a prefix of their own (s3://bucket/backups)');
    }
  } else if (e.BACKUP_PASSPHRASE) {
    throw new ConfigError('Invalid configuration:\n  BACKUP_PASSPHRASE: set BACKUP_DIR too (the passphrase is for scheduled backups)');
  }
  mkdirSync(dataDir, { recursive: true });
  return {
    ...e,
    DATA_DIR: dataDir,
    BACKUP_SCHEDULE: schedule,
    JWT_SECRET: resolveSecret(dataDir, 'jwt-secret', e.JWT_SECRET, 48),
    DEV_MAILBOX_SECRET: resolveSecret(dataDir, 'dev-mailbox-secret', e.DEV_MAILBOX_SECRET, 24),
    SITE_URL: (e.SITE_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    TRUST_PROXY: e.TRUST_PROXY.split(',').map((s) => s.trim()).filter(Boolean),
    ADDITIONAL_REDIRECT_URLS: e.ADDITIONAL_REDIRECT_URLS.split(',').map((s) => s.trim()).filter(Boolean),
    FETCH_ALLOW_HOSTS: fetchAllowHosts,
    MAIL_UNSUBSCRIBE_ADDRESS: e.MAIL_UNSUBSCRIBE_ADDRESS ?? addressOf(e.SMTP_FROM),
    githubEnabled: Boolean(e.GITHUB_CLIENT_ID && e.GITHUB_CLIENT_SECRET),
  };
}
