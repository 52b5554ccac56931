import { DISPLAY_NAME_MESSAGES, displayNameProblem } from '../../domain/display-name.ts';
import type { Context } from 'hono';
import type { ServerContext } from '../context.ts';
import { clientIp } from '../http/client-ip.ts';
import { AuthError } from './errors.ts';
import type { ClientInfo, SessionDeps } from './sessions.ts';

/** Bodies are small JSON objects; a larger one is a mistake or an attack. */
const MAX_BODY_BYTES = 64 * 1024;

export async function readJson(c: Context): Promise<Record<string, unknown>> {
  const text = await c.req.text();
  if (text.length > MAX_BODY_BYTES) throw new AuthError(413, 'validation_failed', 'Request body is too large');
  if (text.trim() === '') return {};
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (err) {
    throw new AuthError(400, 'bad_json', `Could not parse request body as JSON: ${(err as Error).message}`);
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new AuthError(400, 'bad_json', 'Could not parse request body as JSON: expected an object');
  }
  return body as Record<string, unknown>;
}

export function sessionDeps(ctx: ServerContext): SessionDeps {
  return { keys: ctx.keys, expirySeconds: ctx.config.JWT_EXPIRY_SECONDS, issuer: `${ctx.config.SITE_URL}/auth/v1` };
}

export function clientInfo(ctx: ServerContext, c: Context): ClientInfo {
  return { ip: clientIp(c, ctx.config.TRUST_PROXY), userAgent: c.req.header('user-agent') };
}

/** The shape sign-up and the admin API accept for an e-mail: something@something.something. */
export function parseEmail(value: unknown, missingMessage = 'An email address is required'): string {
  if (value === undefined || value === null || value === '') throw new AuthError(400, 'validation_failed', missingMessage);
  if (typeof value !== 'string') throw new AuthError(400, 'validation_failed', 'Unable to validate email address: invalid format');
  const email = value.trim().toLowerCase();
  if (email.length > 255 || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
    throw new AuthError(400, 'validation_failed', 'Unable to validate email address: invalid format');
  }
  return email;
}

const MAX_METADATA_BYTES = 8 * 1024;

/** user_metadata / app_metadata: a JSON object of bounded size. */
export function parseMetadata(value: unknown, field: string): Record<string, unknown> | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) throw new AuthError(400, 'validation_failed', `${field} must be a JSON object`);
  if (JSON.stringify(value).length > MAX_METADATA_BYTES) {
    throw new AuthError(400, 'validation_failed', `${field} must be at most ${MAX_METADATA_BYTES} bytes`);
  }
  return value as Record<string, unknown>;
}

/**
 * A display name in user_metadata is the one a person is shown under: it must pass the rules of
 * domain/display-name.ts (decision 226), checked here before anything is stored.
 */
export function checkMetadataName(data: Record<string, unknown> | undefined): void {
  if (!data || !('name' in data) || data.name === null) return;
  const problem = typeof data.name === 'string' ? displayNameProblem(data.name) : DISPLAY_NAME_MESSAGES.length;
  if (problem) throw new AuthError(422, 'validation_failed', problem);
  data.name = (data.name as string).trim();
}

/** GoTrue merges metadata updates key by key; a null value removes the key. */
export function mergeMetadata(current: Record<string, unknown>, update: Record<string, unknown>): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...current };
  for (const [k, v] of Object.entries(update)) {
    if (v === null) delete merged[k];
    else merged[k] = v;
  }
  return merged;
}
