import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { NativeSelect } from '../../../components/ui/native-select.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { AUDIT_ACTIONS, useAuditActors, useAuditLog, type AuditEntry, type AuditFilters } from '../api/audit-log.ts';
import { DataTable, PageHeader, Pager, type Column } from '../components/data-table.tsx';

const NO_FILTERS: AuditFilters = { actor: '', action: '', from: '', to: '' };
const ACTION_LABEL = new Map(AUDIT_ACTIONS.map((a) => [a.value, a.label]));

/** What changed, as "status: pending → approved"; values are the database's, shown as text. */
function changes(details: Record<string, unknown>): string[] {
  return Object.entries(details)
    .filter(([, v]) => v !== null && typeof v === 'object' && 'to' in (v as object))
    .map(([k, v]) => {
      const { from, to } = v as { from: unknown; to: unknown };
      return `${k}: ${String(from ?? '—')} → ${String(to ?? '—')}`;
    });
}

/**
 * Admin › Audit log (decision 263): every staff action, newest first, filtered by who, what and
 * when. The rows are the database's own (0308); admins alone may read them.
 */
export default function AuditLogPage() {
  useDocumentTitle('Audit Log');
  const ids = useId();
  const [filters, setFilters] = useState<AuditFilters>(NO_FILTERS);
  const [page, setPage] = useState(0);
  const log = useAuditLog(filters, page);
  const actors = useAuditActors().data ?? [];
  const actorName = (e: AuditEntry) =>
    e.actor_id === null ? 'Operator' : (actors.find((a) => a.actor_id === e.actor_id)?.email ?? 'A deleted account');
  const set = (patch: Partial<AuditFilters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(0);
  };

  const columns: ReadonlyArray<Column<AuditEntry>> = [
    { header: 'When', className: 'md:whitespace-nowrap', cell: (e) => <time dateTime={e.at}>{new Date(e.at).toLocaleString()}</time> },
    {
      header: 'Who',
      className: 'md:whitespace-nowrap',
      cell: (e) => (
        <>
          <span className="font-medium">{actorName(e)}</span>
          <span className="block text-xs capitalize text-muted-foreground">{e.actor_role}</span>
        </>
      ),
    },
    { header: 'Action', cell: (e) => <span data-audit-action={e.action}>{ACTION_LABEL.get(e.action) ?? e.action}</span> },
    {
      header: 'Subject',
      className: 'md:max-w-xs',
      userText: true,
      cell: (e) => (
        <>
          {e.subject_label ?? <span className="text-muted-foreground">{e.subject_id ?? '—'}</span>}
          <span className="block text-xs text-muted-foreground">{e.subject_table}</span>
          {changes(e.details).map((c) => (
            <span key={c} className="block text-xs text-muted-foreground">
              {c}
            </span>
          ))}
        </>
      ),
    },
    { header: 'Reason', className: 'md:max-w-xs', userText: true, cell: (e) => e.reason ?? <span className="text-muted-foreground">—</span> },
    {
      header: 'From',
      cell: (e) => (
        <>
          {e.client_ip ?? <span className="text-muted-foreground">—</span>}
          {e.request_id && <span className="block max-w-[12rem] truncate text-xs text-muted-foreground" title={e.request_id}>{e.request_id}</span>}
        </>
      ),
    },
  ];

  return (
    <>
      <PageHeader title="Audit Log" description="Every staff action: who did what to which row, when and from where. Kept for two years." />
      <form className="mb-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_auto_auto_auto] lg:items-end" onSubmit={(e) => e.preventDefault()}>
        <div className="grid gap-1.5">
          <Label htmlFor={`${ids}-actor`}>Who</Label>
          <NativeSelect id={`${ids}-actor`} value={filters.actor} onChange={(e) => set({ actor: e.target.value })}>
            <option value="">Anyone</option>
            <option value="operator">Operator</option>
            {actors
              .filter((a) => a.actor_id !== null)
              .map((a) => (
                <option key={a.actor_id} value={a.actor_id!}>
                  {a.email ?? a.actor_id}
                </option>
              ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${ids}-action`}>Action</Label>
          <NativeSelect id={`${ids}-action`} value={filters.action} onChange={(e) => set({ action: e.target.value })}>
            <option value="">Any action</option>
            {AUDIT_ACTIONS.map((a) => (
              <option key={a.value} value={a.value}>
                {a.label}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${ids}-from`}>From</Label>
          <Input id={`${ids}-from`} type="date" value={filters.from} max={filters.to || undefined} onChange={(e) => set({ from: e.target.value })} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${ids}-to`}>To</Label>
          <Input id={`${ids}-to`} type="date" value={filters.to} min={filters.from || undefined} onChange={(e) => set({ to: e.target.value })} />
        </div>
        <Button type="button" variant="outline" onClick={() => set(NO_FILTERS)} disabled={filters === NO_FILTERS}>
          Clear filters
        </Button>
      </form>
      <DataTable
        caption="Staff audit log"
        columns={columns}
        rows={log.data?.rows}
        rowKey={(e) => String(e.id)}
        rowAttributes={(e) => ({ 'data-audit-action': e.action })}
        loading={log.isPending}
        error={log.isError ? 'Could not load the audit log. Please reload the page.' : undefined}
      />
      <Pager page={page} total={log.data?.total ?? 0} onPage={setPage} />
    </>
  );
}
