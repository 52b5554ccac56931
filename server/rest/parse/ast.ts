/** The parsed request: what the query string, headers and body ask for, before any SQL. */

export interface JsonStep {
  arrow: '->' | '->>';
  key: string;
}

/** A column reference, optionally descending into json: data->a->>b. */
export interface Field {
  name: string;
  json: JsonStep[];
}

export type SelectItem =
  | { type: 'star' }
  | { type: 'column'; field: Field; alias?: string; cast?: string }
  | { type: 'count'; alias?: string }
  /** column.sum(), .avg(), .min(), .max(), .count(): PostgREST's aggregates, off unless the server allows them. */
  | { type: 'aggregate'; fn: AggregateFn; field: Field; alias?: string; cast?: string }
  | {
      type: 'embed';
      /** A relation name, or a foreign key column / constraint name. */
      name: string;
      alias?: string;
      hint?: string;
      inner: boolean;
      /** Empty for an empty embed, name!inner(): it filters the parent and answers nothing. */
      select: SelectItem[];
      /** ...name(cols): the embedded row's columns become the parent's own (to-one relations only). */
      spread?: boolean;
    };

export type AggregateFn = 'sum' | 'avg' | 'min' | 'max' | 'count';

export interface Condition {
  type: 'cond';
  field: Field;
  negate: boolean;
  op: string;
  /** any/all modifier for eq, like … ; fts language for fts operators. */
  modifier?: string;
  value: string;
}

export interface Logic {
  type: 'logic';
  op: 'and' | 'or';
  negate: boolean;
  children: Filter[];
}

export type Filter = Condition | Logic;

export interface OrderTerm {
  field: Field;
  /** order=creators(name): a column of a to-one embedded relation. */
  relation?: string;
  direction: 'asc' | 'desc';
  nulls?: 'first' | 'last';
}

/** Filters, order and paging that apply to one level of the embed tree (path '' is the root). */
export interface LevelOptions {
  filters: Filter[];
  order: OrderTerm[];
  limit?: number;
  offset?: number;
}
