import type { ProjectStatus } from '../../../../domain/catalog.ts';
import { cn } from '../../../lib/cn.ts';

const LOOK: Record<ProjectStatus, { label: string; className: string }> = {
  pending: { label: 'Pending review', className: 'bg-amber-100 text-amber-900 dark:bg-amber-400/15 dark:text-amber-200' },
  approved: { label: 'Published', className: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-400/15 dark:text-emerald-200' },
  rejected: { label: 'Rejected', className: 'bg-red-100 text-red-900 dark:bg-red-400/15 dark:text-red-200' },
};

/** The owner's view of where a submission stands; the public never sees these states. */
export function StatusBadge({ status }: { status: ProjectStatus }) {
  const look = LOOK[status] ?? LOOK.pending;
  return <span className={cn('inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold', look.className)}>{look.label}</span>;
}
