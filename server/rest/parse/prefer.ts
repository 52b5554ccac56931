import { RestError } from '../errors.ts';

export interface Preferences {
  return?: 'minimal' | 'representation' | 'headers-only';
  count?: 'exact' | 'planned' | 'estimated';
  resolution?: 'merge-duplicates' | 'ignore-duplicates';
  missing?: 'default' | 'null';
  handling?: 'lenient' | 'strict';
  tx?: 'commit' | 'rollback';
  maxAffected?: number;
}

const ALLOWED: Record<string, readonly string[]> = {
  return: ['minimal', 'representation', 'headers-only'],
  count: ['exact', 'planned', 'estimated'],
  resolution: ['merge-duplicates', 'ignore-duplicates'],
  missing: ['default', 'null'],
  handling: ['lenient', 'strict'],
  tx: ['commit', 'rollback'],
};

/**
 * Prefer: a=b, c=d (possibly repeated headers, joined with commas). Unknown or invalid
 * preferences are ignored, unless handling=strict asks for them to be refused (PGRST122).
 */
export function parsePrefer(header: string | undefined): Preferences {
  const prefs: Preferences = {};
  if (!header) return prefs;
  const invalid: string[] = [];
  for (const part of header.split(',')) {
    const item = part.trim();
    if (!item) continue;
    const eq = item.indexOf('=');
    const key = eq < 0 ? item : item.slice(0, eq).trim();
    const value = eq < 0 ? '' : item.slice(eq + 1).trim();
    if (key === 'max-affected' && /^\d{1,9}$/.test(value)) prefs.maxAffected = Number(value);
    else if (key === 'timezone' || key === 'params') continue;
    else if (ALLOWED[key]?.includes(value)) (prefs as Record<string, string>)[key] = value;
    else invalid.push(item);
  }
  if (prefs.handling === 'strict' && invalid.length) {
    throw new RestError(400, 'PGRST122', 'Invalid preferences given with handling=strict', `Invalid preferences: ${invalid.join(', ')}`);
  }
  return prefs;
}
