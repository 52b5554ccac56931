import { describe, expect, it } from 'vitest';
import { isHttpUrl, normalizeOptionalUrl, safeHttpUrl } from './urls.ts';

describe('isHttpUrl', () => {
  it.each(['https://example.com', 'http://localhost:8080/storage/v1/object/public/x.webp', 'https://github.com/a/b?tab=1#readme'])(
    'accepts %s',
    (url) => expect(isHttpUrl(url)).toBe(true),
  );
  it.each([
    'javascript:alert(1)',
    'data:image/png;base64,AAAA',
    'ftp://example.com',
    'https://trusted.example@evil.example',
    'https://exa mple.com',
    'example.com',
    '',
    `https://example.com/${'a'.repeat(2048)}`,
  ])('refuses %s', (url) => expect(isHttpUrl(url)).toBe(false));
});

describe('normalizeOptionalUrl', () => {
  it('treats blank as none', () => {
    expect(normalizeOptionalUrl('')).toBeNull();
    expect(normalizeOptionalUrl('   ')).toBeNull();
    expect(normalizeOptionalUrl(undefined)).toBeNull();
  });
  it('adds https:// to a bare host, keeps explicit schemes as typed', () => {
    expect(normalizeOptionalUrl(' example.com/app ')).toBe('https://example.com/app');
    expect(normalizeOptionalUrl('http://example.com')).toBe('http://example.com');
    expect(normalizeOptionalUrl('javascript:alert(1)')).toBe('javascript:alert(1)');
  });
});

describe('safeHttpUrl', () => {
  it('drops anything that is not http(s)', () => {
    expect(safeHttpUrl('javascript:alert(1)')).toBeUndefined();
    expect(safeHttpUrl('https://ok.example')).toBe('https://ok.example');
  });
});
