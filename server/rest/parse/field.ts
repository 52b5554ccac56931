import { parseError } from '../errors.ts';
import type { Field, JsonStep } from './ast.ts';
import { checkName, unquote } from './scan.ts';

/** col, "quoted col", data->key, data->0->>key. */
export function parseField(raw: string, what: string, input: string): Field {
  const pieces = raw.split(/(->>?)/);
  const name = checkName(pieces[0]!, what, input);
  const json: JsonStep[] = [];
  for (let i = 1; i < pieces.length; i += 2) {
    const key = unquote(pieces[i + 1]!.trim().replace(/^'(.*)'$/s, '$1'));
    if (!key) throw parseError(`"failed to parse ${what} (${input})"`, 'empty json key');
    json.push({ arrow: pieces[i] as JsonStep['arrow'], key });
  }
  return { name, json };
}

/** The name a selected json path is answered under, as PostgREST does: its last key. */
export function fieldOutputName(f: Field): string {
  return f.json.length ? f.json[f.json.length - 1]!.key : f.name;
}
