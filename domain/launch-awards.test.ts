import { describe, expect, it } from 'vitest';
import { projectAwards } from './launch-awards.ts';

describe('a project page’s awards', () => {
  it('orders them best first (rank, then month > week > day, then newest) with the database’s labels and leaderboard links', () => {
    const awards = projectAwards([
      { period: 'day', period_start: '2031-03-11', rank: 2 },
      { period: 'day', period_start: '2031-03-12', rank: 1 },
      { period: 'week', period_start: '2031-03-10', rank: 1 },
      { period: 'month', period_start: '2031-03-01', rank: 3 },
      { period: 'day', period_start: '2031-03-14', rank: 1 },
      { period: 'month', period_start: '2031-02-01', rank: 1 },
      { period: 'week', period_start: '2026-12-28', rank: 2 },
    ]);
    expect(awards).toEqual([
      { label: '#1 Project of the Month', href: '/leaderboard/monthly/2031-02' },
      { label: '#1 Project of the Week', href: '/leaderboard/weekly/2031-W11' },
      { label: '#1 Project of the Day', href: '/leaderboard/daily/2031-03-14' },
      { label: '#1 Project of the Day', href: '/leaderboard/daily/2031-03-12' },
      { label: '#2 Project of the Week', href: '/leaderboard/weekly/2026-W53' },
      { label: '#2 Project of the Day', href: '/leaderboard/daily/2031-03-11' },
      { label: '#3 Project of the Month', href: '/leaderboard/monthly/2031-03' },
    ]);
  });

  it('has none when the project never won', () => {
    expect(projectAwards(undefined)).toEqual([]);
    expect(projectAwards(null)).toEqual([]);
    expect(projectAwards([])).toEqual([]);
  });
});
