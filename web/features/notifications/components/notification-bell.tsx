import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { calendarDay } from '../../../../domain/notifications.ts';
import { BellIcon } from '../../../components/icons.tsx';
import { buttonVariants } from '../../../components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { cn } from '../../../lib/cn.ts';
import { useAuth } from '../../../lib/session/auth-context.tsx';
import { useMarkRead } from '../api/mark-read-mutation.ts';
import { useLatestNotifications, useUnreadCount, type InboxNotification } from '../api/notifications-query.ts';
import { notificationKeys } from '../api/query-keys.ts';
import { useLiveInvalidate } from '../../../lib/live/live.ts';
import { NotificationContent } from './notification-content.tsx';

/**
 * The header's bell (signed-in accounts only; the header loads it lazily): the unread count in its
 * name and badge, and a dropdown with the latest notifications, each opening its link and marking
 * it read, plus "Mark all as read" and the way to /notifications.
 */
export default function NotificationBell() {
  const { user } = useAuth();
  const userId = user && !user.is_anonymous ? user.id : undefined;
  const [open, setOpen] = useState(false);
  const unread = useUnreadCount(userId);
  const latest = useLatestNotifications(userId, open);
  const markRead = useMarkRead(userId);
  // A new notice (or one read on another device) moves the bell at once.
  useLiveInvalidate(userId ? 'notifications' : null, notificationKeys.all(userId), userId ? `user_id=eq.${userId}` : undefined);
  const navigate = useNavigate();
  if (!userId) return null;

  const count = unread.data ?? 0;
  const badge = count > 99 ? '99+' : String(count);
  const today = calendarDay(new Date());

  const openNotification = (n: InboxNotification) => {
    if (!n.read_at) markRead.mutate([n.id]);
    navigate(n.link ?? '/notifications');
  };

  return (
    <DropdownMenu
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) void unread.refetch();
      }}
    >
      <DropdownMenuTrigger
        aria-label={`Notifications, ${count} unread`}
        className={cn(buttonVariants({ variant: 'ghost', size: 'icon' }), 'relative')}
        data-testid="notification-bell"
      >
        <BellIcon className="h-5 w-5" />
        {count > 0 && (
          <span
            aria-hidden="true"
            className="absolute right-1 top-1 grid h-4 min-w-4 place-items-center rounded-full bg-primary px-1 text-[10px] font-semibold leading-none text-primary-foreground"
            data-testid="notification-badge"
          >
            {badge}
          </span>
        )}
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" collisionPadding={8} className="w-[min(24rem,calc(100vw-1rem))] p-0">
        <DropdownMenuLabel className="flex items-baseline justify-between border-b border-border px-4 py-3">
          <span className="text-base font-semibold">Notifications</span>
          {count > 0 && <span className="text-xs text-muted-foreground">{count} unread</span>}
        </DropdownMenuLabel>
        <div className="max-h-[min(26rem,60vh)] overflow-y-auto p-1">
          {latest.isPending ? (
            <div className="flex flex-col gap-3 p-3" aria-busy="true">
              {[0, 1, 2].map((i) => (
                <div key={i} className="flex gap-3">
                  <Skeleton className="h-8 w-8 rounded-full" />
                  <div className="flex flex-1 flex-col gap-2">
                    <Skeleton className="h-4 w-4/5" />
                    <Skeleton className="h-3 w-1/3" />
                  </div>
                </div>
              ))}
            </div>
          ) : latest.isError ? (
            <p role="alert" className="px-3 py-6 text-center text-sm text-destructive">
              Could not load notifications.
            </p>
          ) : latest.data.length === 0 ? (
            <p className="px-3 py-8 text-center text-sm text-muted-foreground">No notifications yet.</p>
          ) : (
            latest.data.map((n) => (
              <DropdownMenuItem key={n.id} onSelect={() => openNotification(n)} className="items-start px-3 py-3" data-testid="notification-item">
                <NotificationContent notification={n} today={today} clampBody />
              </DropdownMenuItem>
            ))
          )}
        </div>
        <DropdownMenuSeparator className="mx-0 my-0" />
        <div className="flex items-center justify-between gap-2 p-1">
          <DropdownMenuItem onSelect={() => navigate('/notifications')} className="font-medium text-primary">
            View all notifications
          </DropdownMenuItem>
          {count > 0 && (
            <DropdownMenuItem
              onSelect={(event) => {
                event.preventDefault();
                markRead.mutate('all');
              }}
              className="text-muted-foreground"
            >
              Mark all as read
            </DropdownMenuItem>
          )}
        </div>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
