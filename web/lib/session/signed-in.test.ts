import type { Session } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { isAnonymousSession, secondFactorPending, signedInUser } from './signed-in.ts';

const session = (isAnonymous: boolean | undefined) => ({ user: { id: 'u1', is_anonymous: isAnonymous } }) as unknown as Session;

describe('signedInUser', () => {
  it('is the user of a permanent session', () => {
    expect(signedInUser(session(false))?.id).toBe('u1');
    expect(signedInUser(session(undefined))?.id).toBe('u1');
    expect(isAnonymousSession(session(false))).toBe(false);
  });

  it('is null for no session and for an anonymous one (a visitor who upvoted)', () => {
    expect(signedInUser(null)).toBeNull();
    expect(signedInUser(undefined)).toBeNull();
    expect(signedInUser(session(true))).toBeNull();
    expect(isAnonymousSession(session(true))).toBe(true);
  });
});

describe('secondFactorPending', () => {
  const jwt = (payload: object) => `h.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.s`;
  const withFactor = (aal: string, status = 'verified') =>
    ({ access_token: jwt({ aal, sub: 'u1' }), user: { id: 'u1', is_anonymous: false, factors: [{ id: 'f1', status, factor_type: 'totp' }] } }) as unknown as Session;

  it('holds an aal1 session of an account with a verified factor: not signed in until the code', () => {
    expect(secondFactorPending(withFactor('aal1'))).toBe(true);
    expect(signedInUser(withFactor('aal1'))).toBeNull();
  });

  it('lets an aal2 session, an unverified factor and an account without factors through', () => {
    expect(secondFactorPending(withFactor('aal2'))).toBe(false);
    expect(signedInUser(withFactor('aal2'))?.id).toBe('u1');
    expect(secondFactorPending(withFactor('aal1', 'unverified'))).toBe(false);
    expect(secondFactorPending({ access_token: jwt({ aal: 'aal1' }), user: { id: 'u1' } } as unknown as Session)).toBe(false);
    expect(secondFactorPending(null)).toBe(false);
  });
});
