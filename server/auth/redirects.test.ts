import { describe, expect, it } from 'vitest';
import { authReturnOrigin, resolveRedirect } from './redirects.ts';

const config = {
  SITE_URL: 'https://showcase.example',
  ADDITIONAL_REDIRECT_URLS: ['http://localhost:5173', 'https://*.preview.example/auth/**'],
};

describe('resolveRedirect', () => {
  it('defaults to SITE_URL and accepts any path on its origin', () => {
    expect(resolveRedirect(config, undefined)).toBe('https://showcase.example');
    expect(resolveRedirect(config, 'https://showcase.example/auth/callback?x=1')).toBe('https://showcase.example/auth/callback?x=1');
  });

  it('accepts allow-list prefixes and globs', () => {
    expect(resolveRedirect(config, 'http://localhost:5173/auth/callback')).toBe('http://localhost:5173/auth/callback');
    expect(resolveRedirect(config, 'https://pr-1.preview.example/auth/callback')).toBe('https://pr-1.preview.example/auth/callback');
  });

  it('refuses other origins, look-alikes, credentials and non-http schemes', () => {
    for (const bad of [
      'https://evil.example/',
      'https://showcase.example.evil.example/',
      'http://localhost:51730/',
      'https://a.b.preview.example/auth/x',
      'https://showcase.example@evil.example/',
      'javascript:alert(1)',
      '/relative',
      'https://user:pw@showcase.example/',
    ]) {
      expect(() => resolveRedirect(config, bad), bad).toThrow();
    }
  });
});

describe('authReturnOrigin', () => {
  it('keeps the page origin only when the allow-list accepts the app return paths there', () => {
    expect(authReturnOrigin(config, 'https://showcase.example')).toBe('https://showcase.example');
    expect(authReturnOrigin(config, 'http://localhost:5173')).toBe('http://localhost:5173');
    expect(authReturnOrigin(config, 'https://pr-1.preview.example')).toBe('https://showcase.example');
  });

  it('falls back to SITE_URL for any origin the configuration does not name (defect 3: another host of the same server)', () => {
    expect(authReturnOrigin(config, 'http://127.0.0.1:8080')).toBe('https://showcase.example');
    expect(authReturnOrigin(config, 'https://www.showcase.example')).toBe('https://showcase.example');
    expect(authReturnOrigin(config, 'not a url')).toBe('https://showcase.example');
  });
});
