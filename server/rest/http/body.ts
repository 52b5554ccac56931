import type { Context } from 'hono';
import { ClientWentAway, nodeRequest, requestHeader } from '../../http/node-request.ts';
import { RestError } from '../errors.ts';

/** Request bodies are JSON documents of modest size; larger ones are refused before parsing. */
export const MAX_BODY_BYTES = 1024 * 1024;

export interface JsonBody {
  text: string;
  value: unknown;
}

export async function readJsonBody(c: Context, emptyAs?: string): Promise<JsonBody> {
  const type = requestHeader(c, 'content-type');
  if (type && !/^application\/(json|vnd\.pgrst\.object\+json|vnd\.pgrst\.array\+json)\s*(;|$)/i.test(type.trim())) {
    throw new RestError(415, 'PGRST102', `Content-Type not acceptable: ${type}`, null, 'Send the body as application/json.');
  }
  const text = await readBodyText(c);
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

/**
 * The body as text, refused with 413 once it passes MAX_BODY_BYTES, without reading the rest.
 * Read from Node's own request when there is one: going through the web Request would build a
 * full undici Request and a web stream for every write.
 */
async function readBodyText(c: Context): Promise<string> {
  if (Number(requestHeader(c, 'content-length') ?? 0) > MAX_BODY_BYTES) throw tooLarge();
  const incoming = nodeRequest(c);
  if (!incoming) {
    const text = await c.req.text();
    if (Buffer.byteLength(text) > MAX_BODY_BYTES) throw tooLarge();
    return text;
  }
  // Gone before we asked for the body: its events have fired already and will not fire again.
  if (incoming.destroyed && !incoming.complete) return Promise.reject(new ClientWentAway());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = () => {
      incoming.off('data', onData).off('end', onEnd).off('error', onGone).off('close', onGone);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        stop();
        reject(tooLarge());
      } else chunks.push(chunk);
    };
    const onEnd = () => {
      stop();
      resolve(Buffer.concat(chunks, size).toString('utf8'));
    };
    // A client that goes away mid-body ends the request with 'aborted' or without 'end': nobody is
    // left to answer, and it is not the server's fault, so it is no unexpected error with a stack.
    const onGone = () => {
      stop();
      reject(new ClientWentAway());
    };
    incoming.on('data', onData).on('end', onEnd).on('error', onGone).on('close', onGone);
  });
}

/** The rest of the body stays unread, so this connection cannot carry another request. */
function tooLarge(): RestError {
  return new RestError(413, 'PGRST413', `Request body is larger than ${MAX_BODY_BYTES} bytes`, null, null, { Connection: 'close' });
}

export function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
