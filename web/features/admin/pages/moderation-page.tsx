import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { formatShortDate } from '../../../lib/format.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { errorMessage } from '../api/errors.ts';
import { useModerateReport, useReports, type Report, type ReportStatus } from '../api/reports.ts';
import { PageHeader, StatusBadge, type Column } from '../components/data-table.tsx';
import { TabbedTable } from '../components/tabbed-table.tsx';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';

const HIDE_LABEL: Record<Report['type'], string> = {
  comment: 'Also remove the comment',
  project: 'Also take the project out of the showcase',
  user: 'Also ban the user (admins only)',
};

function ResolveDialog({ report, onClose }: { report: Report | null; onClose: () => void }) {
  const [hide, setHide] = useState(false);
  const moderate = useModerateReport();
  const confirm = () => {
    if (!report) return;
    moderate.mutate(
      { reportId: report.id, decision: 'resolved', hideTarget: hide },
      {
        onSuccess: () => {
          toast({ title: 'Resolved', description: 'Report resolved successfully.' });
          setHide(false);
          onClose();
        },
        onError: (err) => toast({ title: 'Error', description: errorMessage(err), variant: 'destructive' }),
      },
    );
  };
  return (
    <Dialog open={report !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Mark as Resolved</DialogTitle>
          <DialogDescription>{report?.reported_item}</DialogDescription>
        </DialogHeader>
        {report && (
          <label className="my-4 flex items-center gap-2 text-sm">
            <Checkbox checked={hide} onChange={(e) => setHide(e.target.checked)} />
            {HIDE_LABEL[report.type]}
          </label>
        )}
        <DialogFooter>
          <Button onClick={confirm} disabled={moderate.isPending}>
            {moderate.isPending ? 'Saving...' : 'Mark as Resolved'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

type ReportFilter = Extract<ReportStatus, 'pending' | 'resolved'> | 'all';
const REPORT_TABS: ReadonlyArray<{ value: ReportFilter; label: string }> = [
  { value: 'all', label: 'All Reports' },
  { value: 'pending', label: 'Pending' },
  { value: 'resolved', label: 'Resolved' },
];

export default function ModerationPage() {
  useDocumentTitle('Moderation');
  const [status, setStatus] = useState<ReportFilter>('all');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const [resolving, setResolving] = useState<Report | null>(null);
  const term = useDebouncedValue(search, 250);
  const reports = useReports(status, term, page);
  const moderate = useModerateReport();

  const dismiss = (report: Report) =>
    moderate.mutate(
      { reportId: report.id, decision: 'dismissed' },
      {
        onSuccess: () => toast({ title: 'Dismissed', description: 'Report dismissed successfully.' }),
        onError: (err) => toast({ title: 'Error', description: errorMessage(err), variant: 'destructive' }),
      },
    );

  const columns: ReadonlyArray<Column<Report>> = [
    { header: 'Type', cell: (r) => <span className="capitalize">{r.type}</span> },
    {
      header: 'Reported Item',
      className: 'md:max-w-xs',
      userText: true,
      cell: (r) => (
        <>
          {r.reported_item}
          {r.target_hidden && <span className="ml-2 text-xs text-muted-foreground">(hidden)</span>}
        </>
      ),
    },
    { header: 'Reporter', cell: (r) => r.reporter },
    { header: 'Reason', className: 'md:max-w-xs', userText: true, cell: (r) => r.reason },
    { header: 'Date', cell: (r) => formatShortDate(r.created_at) },
    { header: 'Status', cell: (r) => <StatusBadge status={r.status} /> },
    {
      header: 'Actions',
      cell: (r) =>
        r.status === 'pending' ? (
          <div className="flex flex-wrap gap-1">
            <Button size="sm" onClick={() => setResolving(r)}>
              Mark as Resolved
            </Button>
            <Button size="sm" variant="outline" onClick={() => dismiss(r)} disabled={moderate.isPending}>
              Dismiss
            </Button>
          </div>
        ) : (
          <span className="text-muted-foreground">—</span>
        ),
    },
  ];

  return (
    <>
      <PageHeader title="Moderation" description="Reports from the community." />
      <TabbedTable
        tabs={REPORT_TABS}
        tabsLabel="Report status"
        value={status}
        onValueChange={(v) => {
          setStatus(v);
          setPage(0);
        }}
        search={{
          label: 'Search reports',
          placeholder: 'Search reports...',
          value: search,
          onChange: (v) => {
            setSearch(v);
            setPage(0);
          },
        }}
        caption="Reports"
        columns={columns}
        rows={reports.data?.rows}
        rowKey={(r) => r.id}
        loading={reports.isPending}
        error={reports.isError ? 'Could not load reports. Please reload the page.' : undefined}
        pager={{ page, total: reports.data?.total ?? 0, onPage: setPage }}
      />
      <ResolveDialog report={resolving} onClose={() => setResolving(null)} />
    </>
  );
}
