import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { useAuth } from '../../../lib/session/auth-context.tsx';
import { formatShortDate } from '../../../lib/format.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { errorMessage } from '../api/errors.ts';
import { useAdminProjects, useReviewProject, type AdminProject, type ReviewAction, type StatusFilter } from '../api/projects.ts';
import { useStaffRole } from '../api/staff-role.ts';
import { PageHeader, StatusBadge, type Column } from '../components/data-table.tsx';
import { TabbedTable } from '../components/tabbed-table.tsx';

const FILTERS: ReadonlyArray<{ value: StatusFilter; label: string }> = [
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'all', label: 'All' },
];

const DONE: Record<ReviewAction, string> = {
  approve: 'Project approved. It is now public.',
  reject: 'Project rejected. The maker can see your reason.',
  feature: 'Project featured on the home page.',
  unfeature: 'Project removed from the featured list.',
  delete: 'Project deleted.',
};

function RejectDialog({ project, onClose }: { project: AdminProject | null; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const review = useReviewProject();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!project) return;
    review.mutate(
      { projectId: project.id, action: 'reject', reason: reason.trim() },
      {
        onSuccess: () => {
          toast({ title: 'Rejected', description: DONE.reject });
          setReason('');
          onClose();
        },
        onError: (err) => toast({ title: 'Error', description: errorMessage(err), variant: 'destructive' }),
      },
    );
  };
  return (
    <Dialog open={project !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <form onSubmit={submit}>
          <DialogHeader>
            <DialogTitle>Reject “{project?.title}”</DialogTitle>
            <DialogDescription>The maker sees this reason in My Projects.</DialogDescription>
          </DialogHeader>
          <div className="my-4 grid gap-2">
            <Label htmlFor="reject-reason">Reason</Label>
            <Textarea id="reject-reason" required maxLength={500} rows={4} value={reason} onChange={(e) => setReason(e.target.value)} />
          </div>
          <DialogFooter>
            <Button type="submit" variant="destructive" disabled={review.isPending || !reason.trim()}>
              {review.isPending ? 'Rejecting...' : 'Reject Project'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

export default function ProjectsPage() {
  useDocumentTitle('Review Projects');
  const { user } = useAuth();
  const isAdmin = useStaffRole(user?.id).data === 'admin';
  const [status, setStatus] = useState<StatusFilter>('pending');
  const [page, setPage] = useState(0);
  const [rejecting, setRejecting] = useState<AdminProject | null>(null);
  const projects = useAdminProjects(status, page);
  const review = useReviewProject();

  const [deleting, setDeleting] = useState<AdminProject | null>(null);
  const act = (project: AdminProject, action: ReviewAction) => {
    review.mutate(
      { projectId: project.id, action },
      {
        onSuccess: () => {
          toast({ title: 'Done', description: DONE[action] });
          if (action === 'delete') setDeleting(null);
        },
        onError: (err) => toast({ title: 'Error', description: errorMessage(err), variant: 'destructive' }),
      },
    );
  };

  const columns: ReadonlyArray<Column<AdminProject>> = [
    {
      header: 'Title',
      className: 'md:max-w-xs',
      userText: true,
      cell: (p) => (
        <>
          <Link to={`/projects/${p.id}`} className="font-medium hover:underline">
            {p.title}
          </Link>
          {p.featured && <span className="ml-2 text-xs font-semibold text-amber-700 dark:text-amber-300">Featured</span>}
          {p.rejection_reason && <p className="mt-1 text-xs text-muted-foreground">Reason: {p.rejection_reason}</p>}
        </>
      ),
    },
    { header: 'Maker', cell: (p) => p.creator?.name ?? 'Unknown' },
    { header: 'Tool', cell: (p) => p.tool },
    { header: 'Category', cell: (p) => p.category },
    { header: 'Submitted', cell: (p) => formatShortDate(p.created_at) },
    { header: 'Status', cell: (p) => <StatusBadge status={p.status} /> },
    {
      header: 'Actions',
      cell: (p) => (
        <div className="flex flex-wrap gap-1">
          {p.status !== 'approved' && (
            <Button size="sm" onClick={() => act(p, 'approve')} disabled={review.isPending}>
              Approve
            </Button>
          )}
          {p.status !== 'rejected' && (
            <Button size="sm" variant="outline" onClick={() => setRejecting(p)} disabled={review.isPending}>
              Reject
            </Button>
          )}
          {isAdmin && p.status === 'approved' && (
            <Button size="sm" variant="outline" onClick={() => act(p, p.featured ? 'unfeature' : 'feature')} disabled={review.isPending}>
              {p.featured ? 'Unfeature' : 'Feature'}
            </Button>
          )}
          {isAdmin && (
            <Button size="sm" variant="destructive" onClick={() => setDeleting(p)} disabled={review.isPending}>
              Delete
            </Button>
          )}
        </div>
      ),
    },
  ];

  return (
    <>
      <PageHeader title="Projects" description="Review submissions before they appear in the showcase." />
      <TabbedTable
        tabs={FILTERS}
        tabsLabel="Filter by status"
        value={status}
        onValueChange={(v) => {
          setStatus(v);
          setPage(0);
        }}
        caption="Projects"
        columns={columns}
        rows={projects.data?.rows}
        rowKey={(p) => p.id}
        rowAttributes={(p) => ({ 'data-project-id': p.id })}
        loading={projects.isPending}
        error={projects.isError ? 'Could not load projects. Please reload the page.' : undefined}
        pager={{ page, total: projects.data?.total ?? 0, onPage: setPage }}
      />
      <RejectDialog project={rejecting} onClose={() => setRejecting(null)} />
      <ConfirmDialog
        target={deleting}
        onClose={() => setDeleting(null)}
        title={`Delete “${deleting?.title ?? ''}”?`}
        description="The project, its votes and its comments are removed for good. This cannot be undone."
        confirmLabel="Delete Project"
        busyLabel="Deleting..."
        busy={review.isPending}
        destructive
        onConfirm={(p) => act(p, 'delete')}
      />
    </>
  );
}
