import { describe, expect, it } from 'vitest';
import { beaconEvents, beaconSchema, optedOut, referrerHost, sourceTag, visitorHash } from './beacon.ts';

const P = '6f1c2f0e-6d7b-4c1e-9c5e-0a1b2c3d4e5f';

describe('the beacon', () => {
  it('keeps a referrer as a host name only', () => {
    expect(referrerHost('https://User:pw@News.Example.com:8443/a/<b>?q=1#x', [])).toBe('news.example.com');
    expect(referrerHost('javascript:alert(1)', [])).toBeNull();
    expect(referrerHost('https://showcase.example/projects', ['showcase.example'])).toBeNull();
    expect(referrerHost('not a url', [])).toBeNull();
  });

  it('keeps a source tag only when it is a plain tag', () => {
    expect(sourceTag(' Newsletter ')).toBe('newsletter');
    expect(sourceTag('<script>')).toBeNull();
    expect(sourceTag('x'.repeat(65))).toBeNull();
  });

  it('refuses anything but what the page sends', () => {
    expect(beaconSchema.safeParse({ view: P }).success).toBe(true);
    expect(beaconSchema.safeParse({ view: P, views: 3 }).success).toBe(false);
    expect(beaconSchema.safeParse({}).success).toBe(false);
  });

  it('gives each project at most one event per kind', () => {
    const events = beaconEvents({ view: P, impressions: [P, P], click: { project: P, link: 'repo' } }, []);
    expect(events.map((e) => e.kind)).toEqual(['view', 'impression', 'repo_click']);
  });

  it('hashes a visitor per salt and project, never showing the address', () => {
    const salt = Buffer.alloc(32, 1);
    const a = visitorHash(salt, '203.0.113.1', 'UA', P);
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(visitorHash(salt, '203.0.113.1', 'UA', P)).toBe(a);
    expect(visitorHash(Buffer.alloc(32, 2), '203.0.113.1', 'UA', P)).not.toBe(a);
    expect(visitorHash(salt, '203.0.113.1', 'UA', '00000000-0000-4000-8000-000000000000')).not.toBe(a);
  });

  it('hears DNT and Sec-GPC', () => {
    expect(optedOut({ dnt: '1' })).toBe(true);
    expect(optedOut({ gpc: '1' })).toBe(true);
    expect(optedOut({ dnt: '0' })).toBe(false);
  });
});
