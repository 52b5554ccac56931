import { RestError } from '../errors.ts';

export interface MediaChoice {
  /** vnd.pgrst.object+json: exactly one row, answered as an object. */
  single: boolean;
  stripNulls: boolean;
  csv?: boolean;
}

/** Picks the first acceptable type of the Accept header (JSON flavours only). */
export function negotiate(accept: string | undefined): MediaChoice {
  if (!accept) return { single: false, stripNulls: false };
  const offered = accept.split(',').map((s) => s.trim()).filter(Boolean);
  for (const entry of offered) {
    const [type, ...params] = entry.split(';').map((s) => s.trim().toLowerCase());
    const stripNulls = params.includes('nulls=stripped');
    if (type === 'application/vnd.pgrst.object+json' || type === 'application/vnd.pgrst.object') return { single: true, stripNulls };
    if (type === 'text/csv') return { single: false, stripNulls: false, csv: true };
    if (type === 'application/json' || type === 'application/vnd.pgrst.array+json' || type === '*/*' || type === 'application/*') {
      return { single: false, stripNulls };
    }
  }
  throw new RestError(406, 'PGRST107', `None of these media types are available: ${offered.join(', ')}`);
}

export interface Paging {
  offset: number;
  limit?: number;
}

export function rangeNotSatisfiable(details: string | null = null): RestError {
  return new RestError(416, 'PGRST103', 'Requested range not satisfiable', details);
}

/** Intersects limit/offset with a Range header ("0-9" items), as PostgREST does. */
export function paging(limit: number | undefined, offset: number | undefined, range: string | undefined): Paging {
  let lo = offset ?? 0;
  let hi = limit === undefined ? Infinity : lo + limit - 1;
  if (range) {
    const m = /^(?:items=)?\s*(\d{1,15})-(\d{0,15})\s*$/.exec(range);
    if (m) {
      const from = Number(m[1]);
      const to = m[2] ? Number(m[2]) : Infinity;
      if (to < from) throw rangeNotSatisfiable();
      lo = Math.max(lo, from);
      hi = Math.min(hi, to);
    }
  }
  return { offset: lo, limit: hi === Infinity ? undefined : Math.max(0, hi - lo + 1) };
}

/** Content-Range and status for a page of n rows starting at offset, out of total (when counted). */
export function rangeResult(offset: number, n: number, total: number | undefined): { status: 200 | 206; contentRange: string } {
  if (total !== undefined && offset > total) {
    throw rangeNotSatisfiable(`An offset of ${offset} was requested, but there are only ${total} rows.`);
  }
  const range = n > 0 && total !== 0 ? `${offset}-${offset + n - 1}` : '*';
  const status = total !== undefined && n < total ? 206 : 200;
  return { status, contentRange: `${range}/${total ?? '*'}` };
}
