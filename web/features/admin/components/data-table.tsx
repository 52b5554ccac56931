import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { PAGE_SIZE } from '../api/errors.ts';

/** One column of an admin table: its header and how a row fills the cell. */
export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  /** Extra classes for the cell (a width limit, say). */
  className?: string;
  /**
   * Text a user wrote (titles, reasons): long words break anywhere, on every screen. Other cells
   * break only below md, since a table sizes its columns by the longest word.
   */
  userText?: boolean;
}

/**
 * The admin tables: a caption for screen readers, loading rows, an empty row, and the rows. From
 * the md breakpoint up it is a table; below it each row is a card with the column names beside
 * the values, so nothing (the row's actions least of all) hides beyond a sideways scroll at 375 px.
 */
export interface DataTableProps<T> {
  caption: string;
  columns: ReadonlyArray<Column<T>>;
  rows: readonly T[] | undefined;
  rowKey: (row: T) => string;
  /** data-* attributes for a row (tests and styles find rows by them). */
  rowAttributes?: (row: T) => Record<`data-${string}`, string>;
  loading: boolean;
  error?: string;
}

export function DataTable<T>({ caption, columns, rows, rowKey, rowAttributes, loading, error }: DataTableProps<T>) {
  const span = columns.length;
  const message = (text: ReactNode, className: string, role?: 'alert') => (
    <tr className="block md:table-row">
      <td colSpan={span} role={role} className={`block px-4 py-8 text-center md:table-cell ${className}`}>
        {text}
      </td>
    </tr>
  );
  return (
    <div className="md:overflow-x-auto md:rounded-lg md:border md:border-border" data-admin-table="">
      <table className="block w-full text-left text-sm md:table md:min-w-[720px]">
        <caption className="sr-only">{caption}</caption>
        <thead className="max-md:sr-only bg-muted/60 text-xs uppercase tracking-wide text-muted-foreground">
          <tr>
            {columns.map((c) => (
              <th key={c.header} scope="col" className="px-4 py-3 font-medium">
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="flex flex-col gap-3 md:table-row-group">
          {loading
            ? Array.from({ length: 3 }, (_, i) => (
                <tr key={i} className="block md:table-row">
                  <td colSpan={span} className="block px-4 py-3 md:table-cell">
                    <Skeleton className="h-5 w-full" />
                  </td>
                </tr>
              ))
            : error
              ? message(error, 'text-destructive', 'alert')
              : !rows || rows.length === 0
                ? message('Nothing to show.', 'text-muted-foreground')
                : rows.map((row) => (
                    <tr key={rowKey(row)} {...rowAttributes?.(row)} className="block rounded-lg border border-border p-3 md:table-row md:rounded-none md:border-x-0 md:border-t-0 md:p-0 md:last:border-b-0">
                      {columns.map((c) => (
                        <td key={c.header} className={`flex min-w-0 items-baseline gap-3 py-1 md:table-cell md:px-4 md:py-3 ${c.className ?? ''}`}>
                          {/* The header beside the value on small screens; screen readers get it from <th>. */}
                          <span aria-hidden="true" className="w-24 shrink-0 text-xs font-medium uppercase tracking-wide text-muted-foreground md:hidden">
                            {c.header}
                          </span>
                          <div className={`min-w-0 flex-1 ${c.userText ? 'wrap-anywhere' : 'break-words max-md:wrap-anywhere'}`}>{c.cell(row)}</div>
                        </td>
                      ))}
                    </tr>
                  ))}
        </tbody>
      </table>
    </div>
  );
}

export function Pager({ page, total, onPage }: { page: number; total: number; onPage: (page: number) => void }) {
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  if (pages <= 1) return null;
  return (
    <div className="mt-4 flex items-center justify-end gap-2 text-sm">
      <span className="text-muted-foreground">
        Page {page + 1} of {pages}
      </span>
      <Button variant="outline" size="sm" disabled={page === 0} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <Button variant="outline" size="sm" disabled={page + 1 >= pages} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </div>
  );
}

export function StatusBadge({ status }: { status: string }) {
  const tone: Record<string, string> = {
    published: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200',
    approved: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200',
    resolved: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200',
    Active: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200',
    pending: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
    draft: 'bg-muted text-muted-foreground',
    dismissed: 'bg-muted text-muted-foreground',
    rejected: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200',
    Banned: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200',
  };
  return <span className={`inline-flex whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium capitalize ${tone[status] ?? 'bg-muted'}`}>{status}</span>;
}

export function PageHeader({ title, description, actions }: { title: string; description?: string; actions?: ReactNode }) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        {description && <p className="mt-1 text-muted-foreground">{description}</p>}
      </div>
      {actions}
    </div>
  );
}
