import { describe, expect, it } from 'vitest';
import { returnPath } from './return-path.ts';

describe('returnPath', () => {
  it('returns to the guarded page with its query and hash', () => {
    expect(returnPath({ from: { pathname: '/my-projects', search: '?x=1', hash: '#top' } })).toBe('/my-projects?x=1#top');
  });

  it('goes home without state, for auth pages and for anything that is not a same-site path', () => {
    expect(returnPath(null)).toBe('/');
    expect(returnPath(undefined)).toBe('/');
    expect(returnPath({ from: { pathname: '/signin', search: '', hash: '' } })).toBe('/');
    expect(returnPath({ from: { pathname: '//evil.example/x', search: '', hash: '' } })).toBe('/');
    expect(returnPath({ from: { pathname: 'https://evil.example', search: '', hash: '' } })).toBe('/');
    expect(returnPath({ from: { pathname: 42 } })).toBe('/');
  });
});
