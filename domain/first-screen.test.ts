import { describe, expect, it } from 'vitest';
import { PROJECT_DETAIL_SELECT, primedRequestKey } from './first-screen.ts';
import { firstScreenRequests } from './public-routes.ts';

describe('first-screen requests', () => {
  it('names a request by its parameters, whatever their order and encoding, and by its Prefer header', () => {
    const a = primedRequestKey('/rest/v1/project_listing?select=id%2Ctitle&status=eq.approved&limit=24', null);
    expect(primedRequestKey('/rest/v1/project_listing?limit=24&status=eq.approved&select=id,title', '')).toBe(a);
    expect(primedRequestKey('/rest/v1/project_listing?limit=24&status=eq.approved&select=id,title', 'count=exact')).not.toBe(a);
    expect(primedRequestKey('/rest/v1/project_listing?limit=12&status=eq.approved&select=id,title', null)).not.toBe(a);
    expect(primedRequestKey('/rest/v1/projects?limit=24&status=eq.approved&select=id,title', null)).not.toBe(a);
  });

  it('answers only first screens that are the same for every visitor', () => {
    // Home: Today's launches, then the featured and the other projects.
    expect(firstScreenRequests('/', '').map((r) => new URL(r.url, 'http://x').pathname)).toEqual([
      '/rest/v1/rpc/home_launches',
      '/rest/v1/project_listing',
      '/rest/v1/project_listing',
    ]);
    // /projects: the first page, then the tag chips above it.
    const paths = (search: string) => firstScreenRequests('/projects', search).map((r) => new URL(r.url, 'http://x').pathname);
    expect(paths('')).toEqual(['/rest/v1/project_listing', '/rest/v1/tags']);
    expect(firstScreenRequests('/projects/', '')).toHaveLength(2);
    // Filters, sorting and pages are the visitor's own: the SPA asks for them; the chips still come.
    expect(paths('?tool=Bolt')).toEqual(['/rest/v1/tags']);
    expect(firstScreenRequests('/projects/not-a-uuid', '')).toEqual([]);
    const [detail] = firstScreenRequests('/projects/75414db7-723c-4cd6-8f7e-91486d4e23ba', '');
    expect(detail).toMatchObject({ onlyWhenFound: true });
    // The page's own read, primed: the same select, winner awards included (issue 16).
    const select = new URL(detail!.url, 'http://x').searchParams.get('select');
    expect(select).toBe(PROJECT_DETAIL_SELECT.replace(/\s/g, ''));
    expect(select).toContain('launch_winners(period,period_start,rank)');
    expect(firstScreenRequests('/signin', '')).toEqual([]);
  });
});
