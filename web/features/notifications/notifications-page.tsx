import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { calendarDay, NOTIFICATIONS_PAGE_SIZE } from '../../../domain/notifications.ts';
import { BellIcon } from '../../components/icons.tsx';
import { Button, buttonVariants } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { toast } from '../../components/ui/use-toast.ts';
import { cn } from '../../lib/cn.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useAuth } from '../../lib/session/auth-context.tsx';
import { useMarkRead } from './api/mark-read-mutation.ts';
import { useNotificationPage, useUnreadCount, type InboxNotification } from './api/notifications-query.ts';
import { NotificationContent } from './components/notification-content.tsx';

/** /notifications: every notification, newest activity first, a page at a time. */
export default function NotificationsPage() {
  useDocumentTitle('Notifications');
  const { user } = useAuth();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const list = useNotificationPage(user?.id, page);
  const unread = useUnreadCount(user?.id);
  const markRead = useMarkRead(user?.id);
  const navigate = useNavigate();
  const today = calendarDay(new Date());

  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / NOTIFICATIONS_PAGE_SIZE));
  const unreadCount = unread.data ?? 0;

  const markAll = () =>
    markRead.mutate('all', {
      onSuccess: (changed) => toast({ title: 'All caught up', description: `Marked ${changed} ${changed === 1 ? 'notification' : 'notifications'} as read.` }),
      onError: () => toast({ variant: 'destructive', title: 'Error', description: 'Could not mark your notifications as read. Please try again.' }),
    });
  const open = (n: InboxNotification) => {
    if (!n.read_at) markRead.mutate([n.id]);
    if (n.link) navigate(n.link);
  };

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-10 sm:px-6 lg:py-14">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Notifications</h1>
          <p className="mt-2 text-muted-foreground">
            {unreadCount > 0 ? `${unreadCount} unread` : 'You are all caught up.'}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {unreadCount > 0 && (
            <Button variant="outline" size="sm" onClick={markAll} disabled={markRead.isPending}>
              Mark all as read
            </Button>
          )}
          <Link to="/settings/notifications" className={buttonVariants({ variant: 'ghost', size: 'sm' })}>
            Settings
          </Link>
        </div>
      </header>

      <section aria-label="Notifications" aria-busy={list.isPending || list.isPlaceholderData}>
        {list.isPending ? (
          <div className="flex flex-col gap-3">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} className="h-20 w-full rounded-xl" />
            ))}
          </div>
        ) : list.isError ? (
          <div role="alert" className="rounded-xl border border-dashed border-border px-6 py-16 text-center">
            <h2 className="text-lg font-semibold">Couldn't load your notifications</h2>
            <p className="mt-2 text-sm text-muted-foreground">Check your connection and try again.</p>
            <Button className="mt-6" variant="outline" onClick={() => void list.refetch()}>
              Try again
            </Button>
          </div>
        ) : list.data.notifications.length === 0 ? (
          <div className="rounded-xl border border-dashed border-border px-6 py-16 text-center">
            <BellIcon className="mx-auto h-8 w-8 text-muted-foreground" />
            <h2 className="mt-4 text-lg font-semibold">No notifications yet</h2>
            <p className="mt-2 text-sm text-muted-foreground">Comments, upvotes and review results for your projects will show up here.</p>
          </div>
        ) : (
          <ul className={cn('divide-y divide-border overflow-hidden rounded-xl border border-border bg-card', list.isPlaceholderData && 'opacity-60')}>
            {list.data.notifications.map((n) => (
              <li key={n.id} className={cn('flex items-start gap-2 p-2 sm:p-3', !n.read_at && 'bg-accent-soft/30')} data-testid="notification-row">
                <button
                  type="button"
                  onClick={() => open(n)}
                  className="flex min-w-0 flex-1 cursor-pointer rounded-lg p-2 text-left hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
                >
                  <NotificationContent notification={n} today={today} />
                </button>
                {!n.read_at && (
                  <Button variant="ghost" size="sm" className="mt-1 shrink-0 text-xs" onClick={() => markRead.mutate([n.id])}>
                    Mark as read
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>

      {!list.isPending && !list.isError && pages > 1 && (
        <nav aria-label="Pagination" className="flex items-center justify-between gap-4">
          <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setParams({ page: String(page - 1) })}>
            Previous
          </Button>
          <span className="text-sm text-muted-foreground">
            Page {Math.min(page, pages)} of {pages}
          </span>
          <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => setParams({ page: String(page + 1) })}>
            Next
          </Button>
        </nav>
      )}
    </div>
  );
}
