import type { Paging } from './http/negotiate.ts';
import type { SchemaSnapshot } from './schema-cache.ts';
import type { ReadStatement } from './sql/read.ts';

/** A read built from one request shape: the SQL, its values and the page it asks for. */
export interface BuiltRead {
  stmt: ReadStatement;
  page: Paging;
}

const CAPACITY = 1000;
/** Longer query strings are built each time rather than kept. */
const MAX_KEY_LENGTH = 2048;
/** One cache per schema snapshot: a reload (after a migration) starts empty. */
const caches = new WeakMap<SchemaSnapshot, Map<string, BuiltRead>>();

/**
 * The same table, query string and negotiated headers always build the same statement, and a
 * site asks the same few reads over and over, so built reads are kept, least recently used
 * dropped first. Parsing and building cost more than the rest of a cached read's Node-side work.
 */
export function cachedRead(snap: SchemaSnapshot, key: string, build: () => BuiltRead): BuiltRead {
  if (key.length > MAX_KEY_LENGTH) return build();
  let cache = caches.get(snap);
  if (!cache) caches.set(snap, (cache = new Map()));
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const built = build();
  if (cache.size >= CAPACITY) cache.delete(cache.keys().next().value!);
  cache.set(key, built);
  return built;
}
