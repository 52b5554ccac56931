import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Tabs, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { formatShortDate } from '../../../lib/format.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { errorMessage } from '../api/errors.ts';
import { useModerateReport, useReports, type Report, type ReportStatus } from '../api/reports.ts';
import { DataTable, PageHeader, Pager, StatusBadge } from '../components/data-table.tsx';
import { useDebounced } from '../components/use-debounced.ts';

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
            <input type="checkbox" checked={hide} onChange={(e) => setHide(e.target.checked)} className="h-4 w-4" />
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

export default function ModerationPage() {
  useDocumentTitle('Moderation');
  const [status, setStatus] = useState<'all' | 'pending' | 'resolved'>('all');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const [resolving, setResolving] = useState<Report | null>(null);
  const term = useDebounced(search, 250);
  const reports = useReports(status as ReportStatus | 'all', term, page);
  const moderate = useModerateReport();

  const dismiss = (report: Report) =>
    moderate.mutate(
      { reportId: report.id, decision: 'dismissed' },
      {
        onSuccess: () => toast({ title: 'Dismissed', description: 'Report dismissed successfully.' }),
        onError: (err) => toast({ title: 'Error', description: errorMessage(err), variant: 'destructive' }),
      },
    );

  return (
    <>
      <PageHeader title="Moderation" description="Reports from the community." />
      <div className="mb-4 flex flex-wrap items-center gap-4">
        <Tabs
          value={status}
          onValueChange={(v) => {
            setStatus(v as typeof status);
            setPage(0);
          }}
        >
          <TabsList>
            <TabsTrigger value="all">All Reports</TabsTrigger>
            <TabsTrigger value="pending">Pending</TabsTrigger>
            <TabsTrigger value="resolved">Resolved</TabsTrigger>
          </TabsList>
        </Tabs>
        <Input
          type="search"
          aria-label="Search reports"
          placeholder="Search reports..."
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(0);
          }}
          className="max-w-sm"
        />
      </div>
      <DataTable
        caption="Reports"
        columns={['Type', 'Reported Item', 'Reporter', 'Reason', 'Date', 'Status', 'Actions']}
        loading={reports.isPending}
        error={reports.isError ? 'Could not load reports. Please reload the page.' : undefined}
        empty={reports.data?.rows.length === 0}
      >
        {reports.data?.rows.map((r) => (
          <tr key={r.id}>
            <td className="px-4 py-3 capitalize">{r.type}</td>
            <td className="max-w-xs px-4 py-3">
              {r.reported_item}
              {r.target_hidden && <span className="ml-2 text-xs text-muted-foreground">(hidden)</span>}
            </td>
            <td className="px-4 py-3">{r.reporter}</td>
            <td className="max-w-xs px-4 py-3">{r.reason}</td>
            <td className="px-4 py-3">{formatShortDate(r.created_at)}</td>
            <td className="px-4 py-3">
              <StatusBadge status={r.status} />
            </td>
            <td className="px-4 py-3">
              {r.status === 'pending' && (
                <div className="flex gap-1">
                  <Button size="sm" onClick={() => setResolving(r)}>
                    Mark as Resolved
                  </Button>
                  <Button size="sm" variant="outline" onClick={() => dismiss(r)} disabled={moderate.isPending}>
                    Dismiss
                  </Button>
                </div>
              )}
            </td>
          </tr>
        ))}
      </DataTable>
      <Pager page={page} total={reports.data?.total ?? 0} onPage={setPage} />
      <ResolveDialog report={resolving} onClose={() => setResolving(null)} />
    </>
  );
}
