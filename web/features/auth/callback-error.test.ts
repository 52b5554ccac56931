import { describe, expect, it } from 'vitest';
import { callbackError, failureMessage } from './callback-error.ts';

describe('callbackError', () => {
  it('reads the error from the query or the fragment', () => {
    expect(callbackError('?error=access_denied&error_description=User+denied', '')).toEqual({
      error: 'access_denied',
      code: null,
      description: 'User denied',
    });
    expect(callbackError('', '#error=server_error&error_code=otp_expired&error_description=Link%20expired')).toMatchObject({
      code: 'otp_expired',
    });
    expect(callbackError('?code=abc', '')).toBeNull();
  });
});

describe('failureMessage', () => {
  it('explains the usual failures in plain words', () => {
    expect(failureMessage(null)).toBe('We could not sign you in. Please try again.');
    expect(failureMessage({ message: 'PKCE code verifier not found in storage.' })).toMatch(/different browser/);
    expect(failureMessage({ code: 'otp_expired', description: 'Email link is invalid or has expired' })).toBe('This link has expired. Please try again.');
    expect(failureMessage({ error: 'access_denied', description: 'The user has denied your application access.' })).toBe(
      'The user has denied your application access.',
    );
  });
});
