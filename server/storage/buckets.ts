import { Hono } from 'hono';
import { errors } from './errors.ts';
import { removeObjects } from './object-store.ts';
import { asStorageCaller, callerOf, readJson, type StorageDeps } from './request.ts';
import { parseAllowedMimeTypes, parseSizeLimit, validateBucketId } from './validation.ts';

const BUCKET_COLUMNS = `id, name, owner, owner_id, public, file_size_limit::float8 as file_size_limit, allowed_mime_types,
  created_at, updated_at`;
const SORT_COLUMNS = new Set(['id', 'name', 'created_at', 'updated_at']);

/** /storage/v1/bucket: every statement runs as the caller, so RLS decides who sees or changes what. */
export function bucketRoutes(deps: StorageDeps): Hono {
  const app = new Hono();

  app.get('/', async (c) => {
    const auth = await callerOf(c, deps);
    const limit = boundedInt(c.req.query('limit'), 1000, 1, 1000);
    const offset = boundedInt(c.req.query('offset'), 0, 0, Number.MAX_SAFE_INTEGER);
    const sortColumn = c.req.query('sortColumn') ?? 'name';
    if (!SORT_COLUMNS.has(sortColumn)) throw errors.invalidRequest('Invalid sortColumn');
    const order = c.req.query('sortOrder') === 'desc' ? 'desc' : 'asc';
    const search = c.req.query('search') ?? '';
    const rows = await asStorageCaller(
      deps,
      auth,
      async (tx) =>
        (
          await tx.query(
            `select ${BUCKET_COLUMNS} from storage.buckets
             where ($1 = '' or name ilike '%' || replace(replace(replace($1, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%')
             order by ${sortColumn} ${order} limit $2 offset $3`,
            [search, limit, offset],
          )
        ).rows,
      { readOnly: true },
    );
    return c.json(rows);
  });

  app.get('/:id', async (c) => {
    const auth = await callerOf(c, deps);
    const id = validateBucketId(c.req.param('id'));
    const row = await asStorageCaller(deps, auth, async (tx) => (await tx.query(`select ${BUCKET_COLUMNS} from storage.buckets where id = $1`, [id])).rows[0], {
      readOnly: true,
    });
    if (!row) throw errors.bucketNotFound();
    return c.json(row);
  });

  app.post('/', async (c) => {
    const auth = await callerOf(c, deps);
    const body = await readJson(c);
    const id = validateBucketId(body.id ?? body.name);
    if (body.name !== undefined && body.name !== id) throw errors.invalidRequest('Bucket name must equal its id');
    const isPublic = parsePublic(body.public) ?? false;
    const sizeLimit = checkedSizeLimit(deps, body.file_size_limit);
    const mimeTypes = parseAllowedMimeTypes(body.allowed_mime_types);
    await asStorageCaller(deps, auth, (tx) =>
      tx.query(
        `insert into storage.buckets (id, name, owner, owner_id, public, file_size_limit, allowed_mime_types)
         values ($1, $1, $2, $3, $4, $5, $6)`,
        [id, auth.userId ?? null, auth.userId ?? null, isPublic, sizeLimit, mimeTypes],
      ),
    );
    return c.json({ name: id });
  });

  app.put('/:id', async (c) => {
    const auth = await callerOf(c, deps);
    const id = validateBucketId(c.req.param('id'));
    const body = await readJson(c);
    const isPublic = parsePublic(body.public);
    // A field left out keeps its value; null clears a limit or allow-list.
    const hasLimit = 'file_size_limit' in body;
    const hasMimes = 'allowed_mime_types' in body;
    const sizeLimit = hasLimit ? checkedSizeLimit(deps, body.file_size_limit) : null;
    const mimeTypes = hasMimes ? parseAllowedMimeTypes(body.allowed_mime_types) : null;
    const updated = await asStorageCaller(deps, auth, (tx) =>
      tx.query(
        `update storage.buckets set
           public = coalesce($2, public),
           file_size_limit = case when $3 then $4::bigint else file_size_limit end,
           allowed_mime_types = case when $5 then $6::text[] else allowed_mime_types end,
           updated_at = now()
         where id = $1 returning id`,
        [id, isPublic ?? null, hasLimit, sizeLimit, hasMimes, mimeTypes],
      ),
    );
    if (updated.rows.length === 0) throw errors.bucketNotFound();
    return c.json({ message: 'Successfully updated' });
  });

  app.post('/:id/empty', async (c) => {
    const auth = await callerOf(c, deps);
    const id = validateBucketId(c.req.param('id'));
    const visible = await asStorageCaller(deps, auth, async (tx) => (await tx.query(`select 1 from storage.buckets where id = $1`, [id])).rows.length, {
      readOnly: true,
    });
    if (!visible) throw errors.bucketNotFound();
    await removeObjects(deps, auth, id, null);
    return c.json({ message: 'Successfully emptied' });
  });

  app.delete('/:id', async (c) => {
    const auth = await callerOf(c, deps);
    const id = validateBucketId(c.req.param('id'));
    const deleted = await asStorageCaller(deps, auth, (tx) => tx.query(`delete from storage.buckets where id = $1 returning id`, [id]));
    if (deleted.rows.length === 0) throw errors.bucketNotFound();
    return c.json({ message: 'Successfully deleted' });
  });

  return app;
}

function parsePublic(value: unknown): boolean | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'boolean') throw errors.invalidRequest('public must be true or false');
  return value;
}

/** A bucket may not promise more than the server accepts at all. */
function checkedSizeLimit(deps: StorageDeps, value: unknown): number | null {
  const limit = parseSizeLimit(value);
  if (limit !== null && limit > deps.ctx.config.STORAGE_MAX_FILE_SIZE) {
    throw errors.invalidRequest(`file_size_limit exceeds the server's maximum of ${deps.ctx.config.STORAGE_MAX_FILE_SIZE} bytes`);
  }
  return limit;
}

function boundedInt(value: string | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) throw errors.invalidRequest('Invalid limit or offset');
  return n;
}
