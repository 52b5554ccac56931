import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { pluralize } from '../../../lib/format.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { errorMessage } from '../api/errors.ts';
import { useDiscountVotes, useRestoreVotes, useVoteClusters, useVoteDiscounts, type VoteCluster, type VoteDiscount } from '../api/votes.ts';
import { DataTable, PageHeader, type Column } from '../components/data-table.tsx';

const KIND_LABEL: Record<VoteCluster['kind'], string> = {
  network: 'One network',
  burst: 'Burst',
};
const KIND_HINT: Record<VoteCluster['kind'], string> = {
  network: 'Several accounts voting from the same network within the hour',
  burst: 'Many new or anonymous accounts voting within the hour',
};

const when = (start: string, end: string) => {
  const from = new Date(start);
  const to = new Date(end);
  const day = from.toLocaleDateString(undefined, { month: 'short', day: 'numeric', year: 'numeric' });
  const time = (d: Date) => d.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
  return `${day}, ${time(from)}–${time(to)}`;
};
const percent = (share: number) => `${Math.round(share * 100)}%`;
const points = (n: number) => n.toLocaleString(undefined, { maximumFractionDigits: 2 });

function Who({ c }: { c: VoteCluster }) {
  const parts = [c.anonymous_votes && `${c.anonymous_votes} anonymous`, c.new_account_votes && `${c.new_account_votes} new`].filter(Boolean);
  return (
    <>
      <span className="font-medium tabular-nums">{pluralize(c.votes, 'vote')}</span>
      {parts.length > 0 && <span className="block text-xs text-muted-foreground">{parts.join(', ')}</span>}
    </>
  );
}

function DiscountDialog({ cluster, onClose }: { cluster: VoteCluster | null; onClose: () => void }) {
  const discount = useDiscountVotes();
  const confirm = () => {
    if (!cluster) return;
    discount.mutate(cluster.cluster_key, {
      onSuccess: () => {
        toast({ title: 'Votes discounted', description: `${pluralize(cluster.votes, 'vote')} on ${cluster.project_title} no longer count for ranking.` });
        onClose();
      },
      onError: (err) => toast({ title: 'Error', description: errorMessage(err), variant: 'destructive' }),
    });
  };
  return (
    <Dialog open={cluster !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Discount these votes?</DialogTitle>
          <DialogDescription>
            {cluster &&
              `${pluralize(cluster.votes, 'vote')} on “${cluster.project_title}” will stop counting for Top and Trending (${percent(cluster.share)} of its points). The upvote count stays as it is, and you can undo this below.`}
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="destructive" onClick={confirm} disabled={discount.isPending}>
            {discount.isPending ? 'Discounting...' : 'Discount votes'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

export default function VotesPage() {
  useDocumentTitle('Votes');
  const clusters = useVoteClusters();
  const discounts = useVoteDiscounts();
  const restore = useRestoreVotes();
  const [discounting, setDiscounting] = useState<VoteCluster | null>(null);

  const undo = (id: string, title: string) =>
    restore.mutate(id, {
      onSuccess: () => toast({ title: 'Votes restored', description: `The votes on ${title} count for ranking again.` }),
      onError: (err) => toast({ title: 'Error', description: errorMessage(err), variant: 'destructive' }),
    });

  const clusterColumns: Column<VoteCluster>[] = [
    {
      header: 'Project',
      userText: true,
      className: 'md:max-w-[16rem]',
      cell: (c) => (
        <Link to={`/projects/${c.project_id}`} className="font-medium hover:text-primary">
          {c.project_title}
        </Link>
      ),
    },
    { header: 'Pattern', cell: (c) => <span title={KIND_HINT[c.kind]}>{KIND_LABEL[c.kind]}</span> },
    { header: 'When', className: 'text-muted-foreground', cell: (c) => when(c.window_start, c.window_end) },
    { header: 'Votes', cell: (c) => <Who c={c} /> },
    {
      header: 'Share of points',
      cell: (c) => (
        <>
          <div className="flex items-center gap-2">
            <div className="h-2 w-16 overflow-hidden rounded-full bg-muted" aria-hidden="true">
              <div className="h-full rounded-full bg-primary" style={{ width: percent(c.share) }} />
            </div>
            <span className="tabular-nums">{percent(c.share)}</span>
          </div>
          <span className="block text-xs text-muted-foreground tabular-nums">
            {points(c.points)} of {points(c.project_points)} points
          </span>
        </>
      ),
    },
    {
      header: 'Actions',
      cell: (c) => (
        <Button size="sm" variant="outline" onClick={() => setDiscounting(c)} aria-label={`Discount ${pluralize(c.votes, 'vote')} on ${c.project_title}`}>
          Discount
        </Button>
      ),
    },
  ];

  const discountColumns: Column<VoteDiscount>[] = [
    { header: 'Project', userText: true, className: 'md:max-w-[16rem] font-medium', cell: (d) => d.project_title },
    { header: 'Pattern', cell: (d) => KIND_LABEL[d.kind] },
    { header: 'When', className: 'text-muted-foreground', cell: (d) => when(d.window_start, d.window_end) },
    {
      header: 'Votes',
      cell: (d) => (
        <span className="tabular-nums">
          {pluralize(d.votes, 'vote')}
          <span className="block text-xs text-muted-foreground">{points(d.points)} points</span>
        </span>
      ),
    },
    {
      header: 'By',
      cell: (d) => (
        <>
          <span className="break-all">{d.created_by_email ?? 'Unknown'}</span>
          <span className="block text-xs text-muted-foreground">{new Date(d.created_at).toLocaleString()}</span>
        </>
      ),
    },
    {
      header: 'Actions',
      cell: (d) =>
        d.restored_at ? (
          <span className="text-xs text-muted-foreground">Undone</span>
        ) : (
          <Button size="sm" variant="ghost" disabled={restore.isPending} onClick={() => undo(d.id, d.project_title)}>
            Undo
          </Button>
        ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Votes"
        description="Groups of votes that look organised. Discounting one keeps the upvote count but takes the votes out of the ranking."
      />

      <section aria-labelledby="clusters-heading">
        <h2 id="clusters-heading" className="mb-3 text-lg font-semibold">
          Suspicious clusters
        </h2>
        <DataTable
          caption="Suspicious vote clusters"
          columns={clusterColumns}
          rows={clusters.data}
          rowKey={(c) => c.cluster_key}
          loading={clusters.isPending}
          error={clusters.isError ? errorMessage(clusters.error, 'Could not load the vote clusters.') : undefined}
        />
      </section>

      <section aria-labelledby="discounts-heading" className="mt-10">
        <h2 id="discounts-heading" className="mb-3 text-lg font-semibold">
          Discounted
        </h2>
        <DataTable
          caption="Discounted votes"
          columns={discountColumns}
          rows={discounts.data}
          rowKey={(d) => d.id}
          rowAttributes={(d) => ({ 'data-restored': d.restored_at ? 'true' : 'false' })}
          loading={discounts.isPending}
          error={discounts.isError ? errorMessage(discounts.error, 'Could not load the discounts.') : undefined}
        />
      </section>

      <DiscountDialog cluster={discounting} onClose={() => setDiscounting(null)} />
    </>
  );
}
