import type { Context } from 'hono';
import { RestError } from '../errors.ts';

/** Request bodies are JSON documents of modest size; larger ones are refused before parsing. */
export const MAX_BODY_BYTES = 1024 * 1024;

export interface JsonBody {
  text: string;
  value: unknown;
}

export async function readJsonBody(c: Context, emptyAs?: string): Promise<JsonBody> {
  const type = c.req.header('content-type');
  if (type && !/^application\/(json|vnd\.pgrst\.object\+json|vnd\.pgrst\.array\+json)\s*(;|$)/i.test(type.trim())) {
    throw new RestError(415, 'PGRST102', `Content-Type not acceptable: ${type}`, null, 'Send the body as application/json.');
  }
  const declared = Number(c.req.header('content-length') ?? 0);
  if (declared > MAX_BODY_BYTES) throw tooLarge();
  const text = await c.req.text();
  if (Buffer.byteLength(text) > MAX_BODY_BYTES) throw tooLarge();
  if (text.trim() === '') {
    if (emptyAs !== undefined) return { text: emptyAs, value: JSON.parse(emptyAs) };
    throw new RestError(400, 'PGRST102', 'Empty or invalid json');
  }
  try {
    return { text, value: JSON.parse(text) };
  } catch {
    throw new RestError(400, 'PGRST102', 'Empty or invalid json');
  }
}

function tooLarge(): RestError {
  return new RestError(413, 'PGRST413', `Request body is larger than ${MAX_BODY_BYTES} bytes`);
}

export function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
