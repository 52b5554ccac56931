import { describe, expect, it } from 'vitest';
import { ClientRateLimiter, clientRateLimiter } from './rate-limiter.ts';

describe('ClientRateLimiter', () => {
  it('allows 60 calls per key in 60 seconds and refuses the 61st', () => {
    const now = 0;
    const limiter = new ClientRateLimiter({ limit: 60, windowMs: 60_000, now: () => now });
    for (let i = 0; i < 60; i++) expect(limiter.tryAcquire('comments:add:p1')).toBe(true);
    expect(limiter.tryAcquire('comments:add:p1')).toBe(false);
    expect(limiter.retryAfterMs('comments:add:p1')).toBe(60_000);
    // Other keys (another action, another project) have their own budget.
    expect(limiter.tryAcquire('comments:list:p1')).toBe(true);
    expect(limiter.tryAcquire('comments:add:p2')).toBe(true);
  });

  it('slides: each call frees up a minute after it was made', () => {
    let now = 0;
    const limiter = new ClientRateLimiter({ limit: 2, windowMs: 1000, now: () => now });
    expect(limiter.tryAcquire('k')).toBe(true);
    now = 500;
    expect(limiter.tryAcquire('k')).toBe(true);
    expect(limiter.tryAcquire('k')).toBe(false);
    now = 1001;
    expect(limiter.tryAcquire('k')).toBe(true);
    expect(limiter.tryAcquire('k')).toBe(false);
    expect(limiter.retryAfterMs('k')).toBe(499);
  });

  it('a refused call does not extend the wait', () => {
    let now = 0;
    const limiter = new ClientRateLimiter({ limit: 1, windowMs: 1000, now: () => now });
    limiter.tryAcquire('k');
    for (now = 100; now < 1000; now += 100) expect(limiter.tryAcquire('k')).toBe(false);
    now = 1000;
    expect(limiter.tryAcquire('k')).toBe(true);
  });

  it('uses the spec numbers for the shared instance', () => {
    clientRateLimiter.reset();
    for (let i = 0; i < 60; i++) clientRateLimiter.tryAcquire('shared');
    expect(clientRateLimiter.tryAcquire('shared')).toBe(false);
    clientRateLimiter.reset();
  });
});
