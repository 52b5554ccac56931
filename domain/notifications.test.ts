import { describe, expect, it } from 'vitest';
import { calendarDay, describeNotification, emailStreamLabel, isEmailStream, NOTIFICATION_TYPE_INFO, NOTIFICATION_TYPES, receives } from './notifications.ts';

describe('notification types', () => {
  it('each has one description with the issue’s defaults', () => {
    expect(NOTIFICATION_TYPE_INFO.map((i) => i.type)).toEqual([...NOTIFICATION_TYPES]);
    expect(NOTIFICATION_TYPE_INFO.every((i) => i.inApp)).toBe(true);
    const emailedAtOnce = NOTIFICATION_TYPE_INFO.filter((i) => i.email === 'instant').map((i) => i.type);
    // A co-maker invitation is e-mailed at once too (decision 220), a mention (decision 229), and
    // a backup that needs an admin's attention (decision 247).
    expect(emailedAtOnce).toEqual(['comment_on_project', 'comment_reply', 'mention', 'project_approved', 'project_rejected', 'project_won', 'comaker_invited', 'backup_attention']);
    expect(NOTIFICATION_TYPE_INFO.filter((i) => i.audience === 'staff').map((i) => i.type)).toEqual(['submission_to_review', 'report_filed']);
    expect(NOTIFICATION_TYPE_INFO.filter((i) => i.audience === 'admin').map((i) => i.type)).toEqual(['backup_attention']);
  });

  it('members receive member notices, moderators staff notices too, admins all three audiences', () => {
    expect([receives(undefined, 'member'), receives('user', 'staff'), receives('user', 'admin')]).toEqual([true, false, false]);
    expect([receives('moderator', 'staff'), receives('moderator', 'admin')]).toEqual([true, false]);
    expect([receives('admin', 'staff'), receives('admin', 'admin')]).toEqual([true, true]);
  });

  it('e-mail streams are the types plus the digest and the newsletter', () => {
    expect(isEmailStream('digest')).toBe(true);
    expect(isEmailStream('comment_on_project')).toBe(true);
    expect(isEmailStream('cat_pictures')).toBe(false);
    expect(emailStreamLabel('comment_on_project')).toBe('“Comments on your projects” e-mails');
    expect(emailStreamLabel('digest')).toBe('the daily digest');
  });
});

describe('describeNotification', () => {
  it('words each event with its facts', () => {
    const data = { actor_name: 'Ada', project_title: 'Recipe Radar', excerpt: 'Great!', reason: 'Needs screenshots', reported_item: 'Spam Site' };
    expect(describeNotification({ type: 'comment_on_project', data, actor_count: 1 })).toEqual({ title: 'Ada commented on Recipe Radar', body: 'Great!' });
    expect(describeNotification({ type: 'project_rejected', data, actor_count: 1 })).toEqual({
      title: 'Your project Recipe Radar was not approved',
      body: 'Reason: Needs screenshots',
    });
    expect(describeNotification({ type: 'report_filed', data, actor_count: 1 }).title).toBe('New report: Spam Site');
    expect(describeNotification({ type: 'comment_on_project', data: {}, actor_count: 1 }).title).toBe('Someone commented on your project');
  });

  it('groups upvotes: "12 people … today", or the day when it was another day', () => {
    const n = { type: 'project_upvotes' as const, data: { project_title: 'Recipe Radar', day: '2031-03-10' }, actor_count: 12 };
    expect(describeNotification(n, '2031-03-10').title).toBe('12 people upvoted Recipe Radar today');
    expect(describeNotification(n, '2031-03-11').title).toBe('12 people upvoted Recipe Radar on Mar 10');
    expect(describeNotification({ ...n, actor_count: 1 }, '2031-03-10').title).toBe('Someone upvoted Recipe Radar today');
  });
});

describe('calendarDay', () => {
  it('is the date in the given time zone', () => {
    const at = new Date('2031-06-01T02:30:00Z');
    expect(calendarDay(at, 'UTC')).toBe('2031-06-01');
    expect(calendarDay(at, 'America/Los_Angeles')).toBe('2031-05-31');
  });
});
