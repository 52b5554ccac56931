import { parseError } from '../errors.ts';
import type { OrderTerm } from './ast.ts';
import { parseField } from './field.ts';
import { checkName, splitTopLevel } from './scan.ts';

/** order=col.desc.nullslast,creators(name).asc */
export function parseOrder(input: string): OrderTerm[] {
  return splitTopLevel(input, ',', 'order').map((raw) => {
    const m = /^(.*?)(?:\.(asc|desc))?(?:\.(nullsfirst|nullslast))?$/s.exec(raw.trim())!;
    const target = m[1]!;
    if (!target) throw parseError(`"failed to parse order (${input})" (line 1, column 1)`, 'unexpected empty item');
    const embedded = /^([^()]+)\((.+)\)$/s.exec(target);
    const term: OrderTerm = {
      field: parseField(embedded ? embedded[2]! : target, 'order', input),
      direction: m[2] === 'desc' ? 'desc' : 'asc',
    };
    if (embedded) term.relation = checkName(embedded[1]!, 'order', input);
    if (m[3]) term.nulls = m[3] === 'nullsfirst' ? 'first' : 'last';
    return term;
  });
}
