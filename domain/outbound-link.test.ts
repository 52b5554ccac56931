import { describe, expect, it } from 'vitest';
import { OUTBOUND_LINK_ATTRIBUTES, withRef } from './outbound-link.ts';

describe('withRef', () => {
  it('adds ref=<site host>, keeping the query and the fragment', () => {
    expect(withRef('https://app.example/path?utm_medium=x&a=1#pricing', 'showcase.example')).toBe(
      'https://app.example/path?utm_medium=x&a=1&ref=showcase.example#pricing',
    );
    expect(withRef('https://app.example', 'showcase.example')).toBe('https://app.example/?ref=showcase.example');
  });

  it('adds nothing when the site or the maker turned it off, or the link already names a ref', () => {
    expect(withRef('https://app.example/?a=1', '')).toBe('https://app.example/?a=1');
    expect(withRef('https://app.example/?a=1', 'showcase.example', false)).toBe('https://app.example/?a=1');
    expect(withRef('https://app.example/?ref=mine', 'showcase.example')).toBe('https://app.example/?ref=mine');
  });

  it('leaves anything but an http(s) URL alone', () => {
    expect(withRef('mailto:me@example.com', 'showcase.example')).toBe('mailto:me@example.com');
    expect(withRef('not a url', 'showcase.example')).toBe('not a url');
  });

  it('opens without noreferrer but with noopener, and sends the origin', () => {
    expect(OUTBOUND_LINK_ATTRIBUTES.rel.split(' ')).toContain('noopener');
    expect(OUTBOUND_LINK_ATTRIBUTES.rel.split(' ')).not.toContain('noreferrer');
    expect(OUTBOUND_LINK_ATTRIBUTES.referrerPolicy).toBe('origin');
  });
});
