import type { Session } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { isAnonymousSession, signedInUser } from './signed-in.ts';

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
