import { RestError } from '../errors.ts';
import type { ForeignKey, Relation, SchemaSnapshot } from '../schema-cache.ts';
import { ident } from './sql.ts';

/** How an embedded relation joins its parent. */
export interface Join {
  child: Relation;
  toOne: boolean;
  /** SQL condition tying the child alias to the parent alias. */
  on(parentAlias: string, childAlias: string): string;
}

interface Candidate {
  fk: ForeignKey;
  /** true: the parent holds the foreign key columns (many-to-one). */
  parentHolds: boolean;
}

function isUnique(rel: Relation, cols: string[]): boolean {
  return rel.uniqueKeys.some((k) => k.length === cols.length && k.every((c) => cols.includes(c)));
}

function toJoin(snap: SchemaSnapshot, c: Candidate): Join {
  const { fk, parentHolds } = c;
  const child = snap.relations.get(parentHolds ? fk.to : fk.from)!;
  const pairs = fk.fromColumns.map((col, i) => [col, fk.toColumns[i]!] as const);
  if (parentHolds) {
    return {
      child,
      toOne: true,
      on: (p, ch) => pairs.map(([from, to]) => `${ch}.${ident(to)} = ${p}.${ident(from)}`).join(' and '),
    };
  }
  return {
    child,
    toOne: isUnique(child, fk.fromColumns),
    on: (p, ch) => pairs.map(([from, to]) => `${ch}.${ident(from)} = ${p}.${ident(to)}`).join(' and '),
  };
}

function matchesHint(c: Candidate, hint: string): boolean {
  const { fk } = c;
  return fk.name === hint || (fk.fromColumns.length === 1 && fk.fromColumns[0] === hint) || (fk.toColumns.length === 1 && fk.toColumns[0] === hint && c.parentHolds) || fk.to === hint || fk.from === hint;
}

/**
 * Finds the foreign key an embed like creators(...), creators!creator_id(...) or creator_id(...)
 * means, as PostgREST does: by target relation name, by foreign key column, or by constraint name.
 */
export function resolveEmbed(snap: SchemaSnapshot, parent: Relation, name: string, hint?: string): Join {
  let candidates: Candidate[] = [];
  if (snap.relations.has(name)) {
    // A table embedding itself by its own name means its children (one-to-many), as in PostgREST:
    // its parent is embedded by the foreign key column, parent_id(*).
    const selfParent = (fk: ForeignKey) => fk.from === fk.to && name === parent.name;
    candidates.push(...parent.outgoing.filter((fk) => fk.to === name && !selfParent(fk)).map((fk) => ({ fk, parentHolds: true })));
    candidates.push(...parent.incoming.filter((fk) => fk.from === name).map((fk) => ({ fk, parentHolds: false })));
  } else {
    candidates.push(
      ...parent.outgoing
        .filter((fk) => fk.name === name || (fk.fromColumns.length === 1 && fk.fromColumns[0] === name))
        .map((fk) => ({ fk, parentHolds: true })),
    );
    candidates.push(...parent.incoming.filter((fk) => fk.name === name).map((fk) => ({ fk, parentHolds: false })));
  }
  if (hint) candidates = candidates.filter((c) => matchesHint(c, hint));
  if (candidates.length === 0) {
    throw new RestError(
      400,
      'PGRST200',
      `Could not find a relationship between '${parent.name}' and '${name}' in the schema cache`,
      `Searched for a foreign key relationship between '${parent.name}' and '${name}'${hint ? ` using the hint '${hint}'` : ''} in the schema 'public', but no matches were found.`,
      null,
    );
  }
  if (candidates.length > 1) {
    // Named in one order whatever order the catalog gave them in: by constraint name.
    candidates.sort((a, b) => (a.fk.name < b.fk.name ? -1 : a.fk.name > b.fk.name ? 1 : 0));
    const options = candidates.map((c) => `'${name}!${c.fk.name}'`).join(', ');
    throw new RestError(
      300,
      'PGRST201',
      `Could not embed because more than one relationship was found for '${parent.name}' and '${name}'`,
      candidates.map((c) => describeCandidate(snap, parent, c)),
      `Try changing '${name}' to one of the following: ${options}. Find the desired relationship in the 'details' key.`,
    );
  }
  return toJoin(snap, candidates[0]!);
}

/** One entry of PGRST201's details, in PostgREST 12's words. */
function describeCandidate(snap: SchemaSnapshot, parent: Relation, c: Candidate): Record<string, string> {
  const { fk, parentHolds } = c;
  const childName = parentHolds ? fk.to : fk.from;
  const child = snap.relations.get(childName);
  const unique = parentHolds ? isUnique(parent, fk.fromColumns) : child !== undefined && isUnique(child, fk.fromColumns);
  const cardinality = unique ? 'one-to-one' : parentHolds ? 'many-to-one' : 'one-to-many';
  const [parentColumns, childColumns] = parentHolds ? [fk.fromColumns, fk.toColumns] : [fk.toColumns, fk.fromColumns];
  return {
    cardinality,
    embedding: `${parent.name} with ${childName}`,
    relationship: `${fk.name} using ${parent.name}(${parentColumns.join(', ')}) and ${childName}(${childColumns.join(', ')})`,
  };
}
