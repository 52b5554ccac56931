/**
 * Notification types: what each one is called, who gets it, its defaults, and how one reads.
 * The web app (bell, inbox, settings) and the server (e-mails, unsubscribe links) both use this.
 *
 * The database keeps the same list with the same defaults in showcase_private.notification_types
 * (db/migrations/0120), because its triggers decide who is told what; an integration test fails
 * when the two differ. A later issue that raises one of the types not yet `active` adds only its
 * trigger (calling showcase_private.notify) and flips `active` here.
 */

export const EMAIL_MODES = ['off', 'instant', 'digest'] as const;
export type EmailMode = (typeof EMAIL_MODES)[number];

export const EMAIL_MODE_LABELS: Record<EmailMode, string> = {
  off: 'Off',
  instant: 'At once',
  digest: 'Daily digest',
};

export const NOTIFICATION_TYPES = [
  'comment_on_project',
  'comment_reply',
  'mention',
  'project_upvotes',
  'project_approved',
  'project_rejected',
  'project_launched',
  'project_won',
  'comaker_invited',
  'comaker_accepted',
  'new_follower',
  'followed_maker_launched',
  'launch_went_live',
  'report_resolved',
  'submission_to_review',
  'report_filed',
  'backup_attention',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export type NotificationGroup = 'projects' | 'people' | 'reports' | 'staff';

export const NOTIFICATION_GROUP_LABELS: Record<NotificationGroup, string> = {
  projects: 'Your projects',
  people: 'People and launches',
  reports: 'Your reports',
  staff: 'Review and moderation',
};

export type NotificationAudience = 'member' | 'staff' | 'admin';

/** Whether someone of this role receives (and may set) notifications of this audience; the database's
 *  notification_preferences_before_write keeps the same rule. */
export function receives(role: 'admin' | 'moderator' | 'user' | undefined, audience: NotificationAudience): boolean {
  if (audience === 'member') return true;
  if (audience === 'staff') return role === 'admin' || role === 'moderator';
  return role === 'admin';
}

export interface NotificationTypeInfo {
  type: NotificationType;
  /** The settings page's row label. */
  label: string;
  description: string;
  group: NotificationGroup;
  /** Who receives it (and sees it in their settings): everyone, admins and moderators, or admins only. */
  audience: NotificationAudience;
  /** Defaults for anyone who has not chosen (issue 15: in-app for all; e-mail at once for a few). */
  inApp: boolean;
  email: EmailMode;
  /** false: the feature that raises it is not built yet, so the settings page leaves it out. */
  active: boolean;
}

export const NOTIFICATION_TYPE_INFO: readonly NotificationTypeInfo[] = [
  { type: 'comment_on_project', label: 'Comments on your projects', description: 'Someone comments on a project you made.', group: 'projects', audience: 'member', inApp: true, email: 'instant', active: true },
  { type: 'comment_reply', label: 'Replies to you', description: 'Someone replies to your comment.', group: 'projects', audience: 'member', inApp: true, email: 'instant', active: true },
  { type: 'mention', label: 'Mentions', description: 'Someone mentions your @handle in a comment.', group: 'people', audience: 'member', inApp: true, email: 'instant', active: true },
  { type: 'project_upvotes', label: 'Upvotes', description: 'People upvote your project (one note per project per day).', group: 'projects', audience: 'member', inApp: true, email: 'off', active: true },
  { type: 'project_approved', label: 'Project approved', description: 'The team approves your project and it goes live.', group: 'projects', audience: 'member', inApp: true, email: 'instant', active: true },
  { type: 'project_rejected', label: 'Project not approved', description: 'The team does not approve your project, with their reason.', group: 'projects', audience: 'member', inApp: true, email: 'instant', active: true },
  { type: 'project_launched', label: 'Your launch', description: 'Your project launches.', group: 'projects', audience: 'member', inApp: true, email: 'off', active: true },
  { type: 'project_won', label: 'Wins', description: 'Your project wins a prize.', group: 'projects', audience: 'member', inApp: true, email: 'instant', active: true },
  { type: 'comaker_invited', label: 'Co-maker invitations', description: 'Someone invites you to be a co-maker of their project.', group: 'people', audience: 'member', inApp: true, email: 'instant', active: true },
  { type: 'comaker_accepted', label: 'Co-makers joining', description: 'Someone accepts your invitation to co-make a project.', group: 'projects', audience: 'member', inApp: true, email: 'off', active: true },
  { type: 'new_follower', label: 'New followers', description: 'Someone follows you.', group: 'people', audience: 'member', inApp: true, email: 'off', active: true },
  { type: 'followed_maker_launched', label: 'Makers you follow', description: 'Someone you follow launches a project.', group: 'people', audience: 'member', inApp: true, email: 'off', active: true },
  { type: 'launch_went_live', label: 'Launch reminders', description: 'A launch you asked to be told about goes live.', group: 'people', audience: 'member', inApp: true, email: 'off', active: true },
  { type: 'report_resolved', label: 'Reports you filed', description: 'The team resolves a report you filed.', group: 'reports', audience: 'member', inApp: true, email: 'off', active: true },
  { type: 'submission_to_review', label: 'New submissions', description: 'A project is submitted (or resubmitted) for review.', group: 'staff', audience: 'staff', inApp: true, email: 'off', active: true },
  { type: 'report_filed', label: 'New reports', description: 'Someone reports a project, comment or user.', group: 'staff', audience: 'staff', inApp: true, email: 'off', active: true },
  // Admins only (decision 247): a scheduled backup failed its restore test, or none is good for a day.
  { type: 'backup_attention', label: 'Backup alerts', description: 'A backup or its restore test failed, or the last good backup is more than a day old.', group: 'staff', audience: 'admin', inApp: true, email: 'instant', active: true },
];

const INFO_BY_TYPE = new Map(NOTIFICATION_TYPE_INFO.map((i) => [i.type, i]));

export function isNotificationType(value: unknown): value is NotificationType {
  return typeof value === 'string' && INFO_BY_TYPE.has(value as NotificationType);
}

export function notificationTypeInfo(type: NotificationType): NotificationTypeInfo {
  return INFO_BY_TYPE.get(type)!;
}

/**
 * What an e-mail's unsubscribe link stops: one notification type, the daily digest, or a list an
 * address without an account is on (the newsletter; launch notices come with issue 16).
 */
export const EMAIL_STREAMS = [...NOTIFICATION_TYPES, 'digest', 'newsletter'] as const;
export type EmailStream = (typeof EMAIL_STREAMS)[number];

export function isEmailStream(value: unknown): value is EmailStream {
  return typeof value === 'string' && (EMAIL_STREAMS as readonly string[]).includes(value);
}

/** What an unsubscribe page calls the e-mails it stops. */
export function emailStreamLabel(stream: EmailStream): string {
  if (stream === 'digest') return 'the daily digest';
  if (stream === 'newsletter') return 'the newsletter';
  return `“${notificationTypeInfo(stream).label}” e-mails`;
}

/** Digests are assembled once a day, at this hour of the recipient's time zone. */
export const DIGEST_LOCAL_HOUR = 8;
/** At most this many items are listed in one digest; the rest are counted. */
export const DIGEST_MAX_ITEMS = 50;
/** The inbox page's page size, and how many the bell's dropdown shows. */
export const NOTIFICATIONS_PAGE_SIZE = 20;
export const BELL_LATEST_COUNT = 8;

/** The fields the database writes into notifications.data (all optional; each type uses some). */
export interface NotificationData {
  actor_name?: string;
  project_title?: string;
  excerpt?: string;
  reason?: string;
  reported_item?: string;
  /** The recipient's calendar day a grouped notification covers (YYYY-MM-DD). */
  day?: string;
  award?: string;
}

export interface NotificationContent {
  type: NotificationType;
  data: NotificationData;
  /** How many people a grouped notification stands for. */
  actor_count: number;
}

/**
 * One notification in words: a title line and an optional second line. `today` is the reader's
 * calendar day (YYYY-MM-DD), so a group of upvotes reads "today" or names its day.
 */
export function describeNotification(n: NotificationContent, today?: string): { title: string; body?: string } {
  const d = n.data ?? {};
  const actor = d.actor_name || 'Someone';
  const project = d.project_title || 'your project';
  switch (n.type) {
    case 'comment_on_project':
      return { title: `${actor} commented on ${project}`, body: d.excerpt };
    case 'comment_reply':
      return { title: `${actor} replied to your comment on ${project}`, body: d.excerpt };
    case 'mention':
      return { title: `${actor} mentioned you in a comment on ${project}`, body: d.excerpt };
    case 'project_upvotes': {
      const when = !d.day || d.day === today ? 'today' : `on ${formatDay(d.day)}`;
      const who = n.actor_count === 1 ? 'Someone' : `${n.actor_count} people`;
      return { title: `${who} upvoted ${project} ${when}` };
    }
    case 'project_approved':
      return { title: `Your project ${project} was approved`, body: 'It is now live in the showcase.' };
    case 'project_rejected':
      return { title: `Your project ${project} was not approved`, body: d.reason ? `Reason: ${d.reason}` : undefined };
    case 'project_launched':
      return { title: `${project} has launched` };
    case 'project_won':
      return { title: `${project} won${d.award ? ` ${d.award}` : ''}!` };
    case 'comaker_invited':
      return { title: `${actor} invited you to be a co-maker of ${project}` };
    case 'comaker_accepted':
      return { title: `${actor} accepted your invitation and now co-makes ${project}` };
    case 'new_follower':
      return { title: `${actor} started following you` };
    case 'followed_maker_launched':
      return { title: `${actor} launched ${project}` };
    case 'launch_went_live':
      return { title: `${project} is live` };
    case 'report_resolved':
      return { title: 'A report you filed was resolved', body: d.reported_item };
    case 'submission_to_review':
      return { title: `New submission to review: ${project}`, body: d.actor_name ? `By ${d.actor_name}` : undefined };
    case 'report_filed':
      return { title: `New report: ${d.reported_item ?? 'an item'}`, body: d.reason ? `Reason: ${d.reason}` : undefined };
    case 'backup_attention':
      return { title: 'Backups need attention', body: d.reason };
  }
}

const dayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** A calendar day (YYYY-MM-DD) as "Mar 11". */
export function formatDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : dayFormat.format(date);
}

/** The calendar day (YYYY-MM-DD) of `at` in a time zone (the browser's when none is given). */
export function calendarDay(at: Date, timeZone?: string): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}
