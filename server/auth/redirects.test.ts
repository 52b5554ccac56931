import { describe, expect, it } from 'vitest';
import { resolveRedirect } from './redirects.ts';

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
