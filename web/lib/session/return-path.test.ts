import { describe, expect, it } from 'vitest';
import { returnPath, safeReturnPath } from './return-path.ts';

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
    expect(returnPath({ from: { pathname: '/\\evil.example', search: '', hash: '' } })).toBe('/');
    expect(returnPath({ from: { pathname: 42 } })).toBe('/');
  });
});

describe('safeReturnPath (no open redirect)', () => {
  it('keeps a same-origin relative path with its query and hash', () => {
    expect(safeReturnPath('/projects/abc?tab=comments#c1')).toBe('/projects/abc?tab=comments#c1');
    expect(safeReturnPath('/')).toBe('/');
  });

  it.each([
    '//evil.example',
    '//evil.example/path',
    'https://evil.example',
    'http:evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    '/\t/evil.example',
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' /projects',
    'projects',
    '',
    '/signin',
    '/auth/callback?code=x',
  ])('refuses %j and falls back to /', (path) => {
    expect(safeReturnPath(path)).toBe('/');
  });

  it('refuses what is not a string', () => {
    expect(safeReturnPath(undefined)).toBe('/');
    expect(safeReturnPath({ pathname: '/x' })).toBe('/');
  });
});
