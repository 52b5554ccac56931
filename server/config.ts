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
  GITHUB_CLIENT_ID: z.string().optional(),
  GITHUB_CLIENT_SECRET: z.string().optional(),
  GITHUB_BASE_URL: z.string().url().default('https://github.com'),
  GITHUB_API_URL: z.string().url().default('https://api.github.com'),
  SEED_DEMO: boolean.prefault('true'),
  // The built SPA served at /; defaults to dist/web (npm run build:web). Browser tests use their own build.
  WEB_DIST_DIR: z.string().optional(),
  TRUST_PROXY: z.string().default(''),
  LOG_LEVEL: z.enum(['silent', 'error', 'info', 'debug']).default('info'),
  // Server-side write limits, per client IP and per user.
  RATE_LIMIT_REST_WRITES: rateLimit.prefault('120/60'),
  RATE_LIMIT_VOTES: rateLimit.prefault('60/60'),
  RATE_LIMIT_COMMENTS: rateLimit.prefault('20/60'),
  RATE_LIMIT_PROJECTS: rateLimit.prefault('10/3600'),
  RATE_LIMIT_UPLOADS: rateLimit.prefault('30/3600'),
  RATE_LIMIT_REPORTS: rateLimit.prefault('20/3600'),
  // The largest file any bucket may accept, in bytes; each bucket sets its own lower limit.
  STORAGE_MAX_FILE_SIZE: z.coerce.number().int().positive().default(50 * 1024 * 1024),
  // Auth limits per client IP, GoTrue-like defaults.
  RATE_LIMIT_TOKEN: rateLimit.prefault('150/300'),
  RATE_LIMIT_TOKEN_BURST: z.coerce.number().int().positive().default(30),
  RATE_LIMIT_SIGNUP: rateLimit.prefault('30/300'),
  RATE_LIMIT_VERIFY: rateLimit.prefault('30/300'),
  RATE_LIMIT_EMAIL: rateLimit.prefault('30/300'),
});

export type Env = z.infer<typeof envSchema>;

export interface Config extends Omit<Env, 'JWT_SECRET' | 'SITE_URL' | 'TRUST_PROXY' | 'ADDITIONAL_REDIRECT_URLS'> {
  DATA_DIR: string;
  JWT_SECRET: string;
  SITE_URL: string;
  /** Addresses of proxies whose X-Forwarded-For may be believed. */
  TRUST_PROXY: string[];
  ADDITIONAL_REDIRECT_URLS: string[];
  githubEnabled: boolean;
}

export class ConfigError extends Error {}

/** Reads the JWT secret from the environment, else from DATA_DIR, generating it once (mode 0600). */
function resolveJwtSecret(dataDir: string, fromEnv: string | undefined): string {
  if (fromEnv) return fromEnv;
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  return {
    ...e,
    DATA_DIR: dataDir,
    JWT_SECRET: resolveJwtSecret(dataDir, e.JWT_SECRET),
    SITE_URL: (e.SITE_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    TRUST_PROXY: e.TRUST_PROXY.split(',').map((s) => s.trim()).filter(Boolean),
    ADDITIONAL_REDIRECT_URLS: e.ADDITIONAL_REDIRECT_URLS.split(',').map((s) => s.trim()).filter(Boolean),
    githubEnabled: Boolean(e.GITHUB_CLIENT_ID && e.GITHUB_CLIENT_SECRET),
  };
}
