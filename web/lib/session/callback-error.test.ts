import { describe, expect, it } from 'vitest';
import { callbackError, callbackOutcome, DEFAULT_REASON, EMAIL_CONFIRMED, failureMessage } from './callback-error.ts';

describe('callbackError', () => {
  it('reads the error and its code from the query or the fragment', () => {
    expect(callbackError('?error=access_denied&error_description=User+denied', '')).toEqual({ error: 'access_denied', code: null });
    expect(callbackError('', '#error=server_error&error_code=otp_expired&error_description=Link%20expired')).toEqual({
      error: 'server_error',
      code: 'otp_expired',
    });
    expect(callbackError('?code=abc', '')).toBeNull();
  });
});

describe('failureMessage', () => {
  it('explains the usual failures in plain words, chosen by code', () => {
    expect(failureMessage(null)).toBe(DEFAULT_REASON);
    expect(failureMessage({ name: 'AuthPKCECodeVerifierMissingError', message: 'PKCE code verifier not found in storage.' })).toMatch(/another browser/);
    expect(failureMessage({ error: 'access_denied', code: 'otp_expired' })).toMatch(/^This link has expired/);
    expect(failureMessage({ error: 'access_denied', code: null })).toBe('GitHub sign-in was cancelled.');
    expect(failureMessage({ error: 'access_denied', code: 'user_banned' })).toMatch(/^This account has been suspended/);
    expect(failureMessage({ code: 'over_request_rate_limit', status: 429 })).toBe('Please wait a moment before trying again.');
  });

  it('L4: never shows text taken from the URL, whatever the error or code says', () => {
    const planted = 'Your account is locked. To restore access call support at +1-555-0100 or visit https://account-help.example';
    const params = new URLSearchParams({ error: 'access_denied', error_description: planted });
    for (const [search, hash] of [
      [`?${params}`, ''],
      ['', `#${params}`],
      [`?${new URLSearchParams({ error: 'invalid_request', error_code: 'made_up_code', error_description: planted })}`, ''],
      [`?${new URLSearchParams({ error: planted, error_code: planted, error_description: planted })}`, ''],
    ] as const) {
      const outcome = callbackOutcome({ search, hash, initError: null, signedIn: false });
      expect(outcome.kind).toBe('failed');
      expect(JSON.stringify(outcome)).not.toMatch(/555|account-help|locked/);
    }
    // An auth error's own message is not shown either: only its code picks one of our messages.
    expect(failureMessage({ code: 'unknown', message: planted, description: planted })).toBe(DEFAULT_REASON);
  });
});

describe('callbackOutcome', () => {
  it('signs in after an exchanged code, welcoming a just-confirmed address', () => {
    expect(callbackOutcome({ search: '', hash: '', initError: null, signedIn: true })).toMatchObject({ kind: 'signed-in', to: '/' });
    expect(callbackOutcome({ search: '?flow=signup', hash: '', initError: null, signedIn: true })).toMatchObject({
      kind: 'signed-in',
      toast: { description: 'Your e-mail is confirmed and you are signed in.' },
    });
  });

  it('defect 2: a confirmation link opened in another browser asks there for the sign-up’s password, with the code it carries (decision 255)', () => {
    expect(callbackOutcome({ search: '?flow=signup&code=abc', hash: '', initError: null, signedIn: false })).toEqual({ kind: 'finish-signup', code: 'abc' });
    // Signed in there as someone else: the address is confirmed all the same; nothing to sign in to.
    expect(callbackOutcome({ search: '?flow=signup&code=abc', hash: '', initError: null, signedIn: true })).toEqual({ kind: 'confirmed', to: '/', toast: EMAIL_CONFIRMED });
    // The exchange was tried and failed (an expired flow): the address was still confirmed.
    expect(callbackOutcome({ search: '?flow=signup&code=abc', hash: '', initError: { code: 'flow_state_expired' }, signedIn: false })).toMatchObject({
      kind: 'finish-signup',
    });
  });

  it('fails for a banned account, a GitHub code this browser did not ask for, and a missing session', () => {
    expect(callbackOutcome({ search: '?flow=signup&code=abc', hash: '', initError: { code: 'user_banned' }, signedIn: false })).toMatchObject({
      kind: 'failed',
      toast: { description: expect.stringMatching(/suspended/) },
    });
    expect(callbackOutcome({ search: '?code=abc', hash: '', initError: null, signedIn: false })).toMatchObject({
      kind: 'failed',
      to: '/signin',
      toast: { description: expect.stringMatching(/another browser/) },
    });
    expect(callbackOutcome({ search: '', hash: '', initError: null, signedIn: false })).toMatchObject({ kind: 'failed', toast: { description: DEFAULT_REASON } });
    expect(callbackOutcome({ search: '?flow=signup', hash: '#error=access_denied&error_code=otp_expired', initError: null, signedIn: false })).toMatchObject({
      kind: 'failed',
      toast: { description: expect.stringMatching(/^This link has expired/) },
    });
  });
});
