import { describeNotification, type NotificationType } from '../../../../domain/notifications.ts';
import { ArrowUpIcon, BellIcon, CheckIcon, CloseIcon, FolderIcon, MessageIcon, ShieldIcon, SparklesIcon, UsersIcon } from '../../../components/icons.tsx';
import { cn } from '../../../lib/cn.ts';
import type { InboxNotification } from '../api/notifications-query.ts';
import { timeAgoInWords } from '../../../lib/time-ago.ts';

const ICONS: Partial<Record<NotificationType, typeof BellIcon>> = {
  comment_on_project: MessageIcon,
  comment_reply: MessageIcon,
  mention: MessageIcon,
  project_upvotes: ArrowUpIcon,
  project_approved: CheckIcon,
  project_rejected: CloseIcon,
  project_launched: SparklesIcon,
  project_won: SparklesIcon,
  comaker_invited: UsersIcon,
  comaker_accepted: UsersIcon,
  new_follower: UsersIcon,
  followed_maker_launched: UsersIcon,
  launch_went_live: SparklesIcon,
  report_resolved: ShieldIcon,
  submission_to_review: FolderIcon,
  report_filed: ShieldIcon,
};

/** Icon, sentence, second line and time of one notification; bold with a dot while unread. */
export function NotificationContent({ notification, today, clampBody }: { notification: InboxNotification; today: string; clampBody?: boolean }) {
  const { title, body } = describeNotification(notification, today);
  const Icon = ICONS[notification.type] ?? BellIcon;
  const unread = !notification.read_at;
  return (
    <span className="flex min-w-0 flex-1 items-start gap-3">
      <span
        className={cn(
          'mt-0.5 grid h-8 w-8 shrink-0 place-items-center rounded-full',
          unread ? 'bg-accent-soft text-accent-soft-foreground' : 'bg-muted text-muted-foreground',
        )}
      >
        <Icon className="h-4 w-4" />
      </span>
      <span className="flex min-w-0 flex-1 flex-col gap-0.5 text-left">
        <span className={cn('break-words text-sm', unread ? 'font-semibold text-foreground' : 'text-foreground')} data-testid="notification-title">
          {title}
        </span>
        {body && <span className={cn('break-words text-sm text-muted-foreground', clampBody && 'line-clamp-2')}>{body}</span>}
        <time dateTime={notification.updated_at} className="text-xs text-muted-foreground">
          {timeAgoInWords(notification.updated_at)}
        </time>
      </span>
      {unread && (
        <span className="mt-2 h-2 w-2 shrink-0 rounded-full bg-primary" aria-hidden="true" />
      )}
      {unread && <span className="sr-only">(unread)</span>}
    </span>
  );
}
