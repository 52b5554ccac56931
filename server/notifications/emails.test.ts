import { describe, expect, it } from 'vitest';
import { Clock } from '../clock.ts';
import { renderOutboxMail, type OutboxRow } from './emails.ts';
import { retryDelayMs } from './outbox.ts';
import { UnsubscribeTokens } from './unsubscribe-token.ts';

const site = {
  siteName: 'Maker Hub',
  siteUrl: 'https://hub.example',
  unsubscribeAddress: 'unsubscribe@hub.example',
  tokens: new UnsubscribeTokens('a-jwt-secret-that-is-long-enough-for-hs256-signing', new Clock()),
};

const row = (payload: Record<string, unknown>, template = 'notification', stream = 'comment_on_project'): OutboxRow => ({
  id: 1,
  to_address: 'ada@example.test',
  user_id: null,
  stream,
  template,
  payload,
  attempts: 1,
});

describe('renderOutboxMail', () => {
  it('escapes user text in HTML and keeps it as written in text; links only on this site', () => {
    const mail = renderOutboxMail(
      row({ type: 'comment_on_project', data: { actor_name: '<Eve>', project_title: 'X\nY', excerpt: '<script>alert(1)</script>' }, link: '//evil.example' }),
      site,
    );
    expect(mail.subject).toBe('<Eve> commented on X Y');
    expect(mail.text).toContain('<script>alert(1)</script>');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;');
    expect(mail.text).not.toContain('evil.example');
    expect(mail.headers!['List-Unsubscribe']).toMatch(/^<https:\/\/hub\.example\/unsubscribe\?token=[^>]+>, <mailto:unsubscribe@hub\.example\?subject=unsubscribe%20[^>]+>$/);
    expect(mail.headers!['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(mail.text).toContain('your notification settings on Maker Hub');
  });

  it('lists a digest’s items and counts the rest', () => {
    const items = [{ type: 'project_upvotes', data: { project_title: 'Radar', day: '2031-03-10' }, actor_count: 3, link: '/projects/1' }];
    const mail = renderOutboxMail(row({ day: '2031-03-10', items, total: 4 }, 'digest', 'digest'), site);
    expect(mail.subject).toBe('Your Maker Hub digest: 4 new notifications');
    expect(mail.text).toContain('3 people upvoted Radar today');
    expect(mail.text).toContain('…and 3 more');
    expect(mail.text).toContain('Unsubscribe from the daily digest');
  });

  it('refuses a row it cannot word (the drain records it as a failure)', () => {
    expect(() => renderOutboxMail(row({}, 'poster'), site)).toThrow(/unknown template/);
    expect(() => renderOutboxMail(row({}, 'notification', 'spam'), site)).toThrow(/unknown stream/);
  });
});

describe('retryDelayMs', () => {
  it('doubles from a minute up to an hour', () => {
    expect([1, 2, 3, 4, 7, 8, 20].map((n) => retryDelayMs(n) / 60_000)).toEqual([1, 2, 4, 8, 60, 60, 60]);
  });
});
