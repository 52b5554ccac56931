import type { Context } from 'hono';
import { Hono } from 'hono';
import { ClientWentAway, nodeRequest } from '../http/node-request.ts';
import type { RequestAuth } from '../security/request-auth.ts';
import { errors, renderError } from './errors.ts';
import { boundaryOf, readPart, scanMultipart } from './multipart.ts';
import {
  bucketLimits,
  checkUpload,
  discard,
  effectiveSizeLimit,
  findObject,
  removeObjects,
  storeObject,
} from './object-store.ts';
import { extractRange, receiveToFile, type StagedFile, type UploadBody } from './receive.ts';
import { renderAhead, serveRendered } from './render.ts';
import { bucketAndKey, bucketOnly, callerOf, checkUploadRate, readJson, type StorageDeps } from './request.ts';
import { serveObject } from './serve.ts';
import { canonicalImageType } from './sniff.ts';
import { mediaType, normaliseCacheControl } from './validation.ts';

/** Room for multipart framing and the small text fields storage-js sends beside the file. */
const MULTIPART_OVERHEAD = 64 * 1024;
const MAX_METADATA_BYTES = 8 * 1024;
const MAX_DELETE_PREFIXES = 1000;

interface UploadFields {
  staged: StagedFile;
  contentType: string;
  cacheControl: string;
  userMetadata: Record<string, unknown> | null;
}

function parseUserMetadata(text: string | undefined): Record<string, unknown> | null {
  if (text === undefined || text === '') return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw errors.invalidRequest('metadata must be a JSON object');
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw errors.invalidRequest('metadata must be a JSON object');
  return value as Record<string, unknown>;
}

/**
 * The request's body as it arrives. Read from Node's own request when there is one: a web stream
 * made from a request whose client has already gone never ends, which would hold the handler and
 * its staged file open for good.
 */
function uploadBody(c: Context): UploadBody | null {
  const incoming = nodeRequest(c);
  if (!incoming) return c.req.raw.body;
  if (incoming.destroyed && !incoming.complete) throw new ClientWentAway();
  return incoming;
}

/**
 * Receives the body (multipart as storage-js sends Blobs and FormData, or raw bytes with
 * Content-Type and Cache-Control headers) into a staged file. `limit` bounds the file itself.
 */
async function receiveUpload(c: Context, deps: StorageDeps, limit: number): Promise<UploadFields> {
  const requestType = c.req.header('content-type') ?? '';
  const dir = deps.backend.stagingDir;
  if (!/^multipart\/form-data/i.test(requestType)) {
    const staged = await receiveToFile(uploadBody(c), dir, limit);
    try {
      const header = c.req.header('x-metadata');
      return {
        staged,
        contentType: canonicalImageType(mediaType(requestType || 'application/octet-stream')),
        cacheControl: normaliseCacheControl(c.req.header('cache-control')),
        userMetadata: parseUserMetadata(header === undefined ? undefined : Buffer.from(header, 'base64').toString('utf8')),
      };
    } catch (err) {
      await discard(staged);
      throw err;
    }
  }

  const raw = await receiveToFile(uploadBody(c), dir, limit + MULTIPART_OVERHEAD);
  try {
    const parts = await scanMultipart(raw.path, boundaryOf(requestType));
    // storage-js names the file field ""; other clients name it "file". The first file part wins.
    const file = parts.find((p) => p.filename !== undefined) ?? parts.find((p) => p.name === '' || p.name === 'file');
    if (!file) throw errors.noContent();
    if (file.end - file.start > limit) throw errors.tooLarge();
    const field = async (name: string) => {
      const part = parts.find((p) => p.name === name && p !== file);
      return part ? readPart(raw.path, part, MAX_METADATA_BYTES) : undefined;
    };
    const cacheControl = normaliseCacheControl(await field('cacheControl'));
    const userMetadata = parseUserMetadata(await field('metadata'));
    const contentType = canonicalImageType(mediaType(file.contentType ?? 'application/octet-stream'));
    const staged = await extractRange(raw.path, file.start, file.end, dir);
    return { staged, contentType, cacheControl, userMetadata };
  } finally {
    await discard(raw);
  }
}

async function upload(c: Context, deps: StorageDeps, method: 'POST' | 'PUT'): Promise<Response> {
  const auth = await callerOf(c, deps);
  const { bucket, key } = bucketAndKey(c, '/object/');
  const retryAfter = await checkUploadRate(c, deps, auth);
  if (retryAfter) return renderError(c, errors.tooManyRequests(), retryAfter);
  const limits = await bucketLimits(deps, bucket);
  const limit = effectiveSizeLimit(deps, limits);
  // The whole body is on local disk and checked before the (short) metadata transaction opens.
  const fields = await receiveUpload(c, deps, limit);
  try {
    await checkUpload(limits, limit, fields.staged, fields.contentType);
    const stored = await storeObject(deps, auth, {
      bucket,
      key,
      staged: fields.staged,
      contentType: fields.contentType,
      cacheControl: fields.cacheControl,
      userMetadata: fields.userMetadata,
      upsert: method === 'PUT' || c.req.header('x-upsert') === 'true',
    });
    // The site's thumbnail sizes, ready before any page asks (M5).
    await renderAhead(deps, stored);
    return c.json({ Id: stored.id, Key: `${bucket}/${key}` });
  } finally {
    await discard(fields.staged);
  }
}

async function download(c: Context, deps: StorageDeps, routePrefix: string, visibility: 'public' | 'caller'): Promise<Response> {
  const auth: RequestAuth | 'public' = visibility === 'public' ? 'public' : await callerOf(c, deps);
  const { bucket, key } = bucketAndKey(c, routePrefix);
  const row = await findObject(deps, auth, bucket, key);
  return routePrefix.startsWith('/render/') ? serveRendered(c, deps, row) : serveObject(c, deps, row);
}

/** /storage/v1/object and /storage/v1/render/image. */
export function objectRoutes(deps: StorageDeps): Hono {
  const app = new Hono();

  app.get('/object/public/*', (c) => download(c, deps, '/object/public/', 'public'));
  app.get('/object/authenticated/*', (c) => download(c, deps, '/object/authenticated/', 'caller'));
  app.get('/render/image/public/*', (c) => download(c, deps, '/render/image/public/', 'public'));
  app.get('/render/image/authenticated/*', (c) => download(c, deps, '/render/image/authenticated/', 'caller'));

  app.get('/object/info/*', async (c) => {
    const auth = await callerOf(c, deps);
    const { bucket, key } = bucketAndKey(c, '/object/info/');
    const row = await findObject(deps, auth, bucket, key);
    return c.json({
      id: row.id,
      name: row.name,
      version: row.version,
      bucket_id: row.bucket_id,
      size: row.metadata.size,
      content_type: row.metadata.mimetype,
      cache_control: row.metadata.cacheControl,
      etag: row.metadata.eTag,
      metadata: row.user_metadata,
      last_modified: row.metadata.lastModified,
      created_at: row.created_at,
      updated_at: row.updated_at,
    });
  });

  app.post('/object/*', (c) => upload(c, deps, 'POST'));
  app.put('/object/*', (c) => upload(c, deps, 'PUT'));
  app.get('/object/*', (c) => download(c, deps, '/object/', 'caller'));

  app.delete('/object/:bucket', async (c) => {
    const auth = await callerOf(c, deps);
    const bucket = bucketOnly(c, '/object/');
    const body = await readJson(c);
    const prefixes = body.prefixes;
    if (!Array.isArray(prefixes) || prefixes.length === 0 || prefixes.length > MAX_DELETE_PREFIXES || !prefixes.every((p) => typeof p === 'string')) {
      throw errors.invalidRequest(`prefixes must be a list of 1 to ${MAX_DELETE_PREFIXES} object names`);
    }
    const rows = await removeObjects(deps, auth, bucket, prefixes as string[]);
    return c.json(rows);
  });

  return app;
}
