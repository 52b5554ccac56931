import { describe, expect, it } from 'vitest';
import { Clock } from '../clock.ts';
import { UNSUBSCRIBE_TOKEN_MAX_AGE_SECONDS, UnsubscribeTokens } from './unsubscribe-token.ts';

const SECRET = 'a-jwt-secret-that-is-long-enough-for-hs256-signing';

describe('unsubscribe tokens', () => {
  const tokens = new UnsubscribeTokens(SECRET, new Clock());

  it('name the address and the stream, and check out', () => {
    const token = tokens.sign('ada@example.test', 'comment_on_project');
    expect(token.split('.')).toHaveLength(2);
    expect(tokens.verify(token)).toMatchObject({ address: 'ada@example.test', stream: 'comment_on_project' });
  });

  it('refuse another key, a changed payload, an unknown stream and garbage', () => {
    const other = new UnsubscribeTokens('another-secret-that-is-long-enough-for-hs256', new Clock());
    expect(() => tokens.verify(other.sign('ada@example.test', 'digest'))).toThrow('This unsubscribe link is not valid');
    const [, mac] = tokens.sign('ada@example.test', 'digest').split('.');
    const payload = Buffer.from(JSON.stringify({ a: 'bob@example.test', s: 'digest', t: 1 })).toString('base64url');
    expect(() => tokens.verify(`${payload}.${mac}`)).toThrow('not valid');
    for (const bad of ['', '.', 'abc', 'a.b.c', 'eyJhbGciOiJIUzI1NiJ9.eyJyb2xlIjoiYW5vbiJ9.sig']) {
      expect(() => tokens.verify(bad)).toThrow('not valid');
    }
  });

  it('expire after a year', () => {
    const now = Math.floor(Date.now() / 1000);
    expect(() => tokens.verify(tokens.sign('ada@example.test', 'digest', now - UNSUBSCRIBE_TOKEN_MAX_AGE_SECONDS - 1))).toThrow(
      'This unsubscribe link has expired',
    );
    expect(tokens.verify(tokens.sign('ada@example.test', 'digest', now - UNSUBSCRIBE_TOKEN_MAX_AGE_SECONDS + 60)).stream).toBe('digest');
  });
});
