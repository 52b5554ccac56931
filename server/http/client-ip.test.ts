import { describe, expect, it } from 'vitest';
import { IpSockets } from '../realtime/limits.ts';
import { clientNetworkKey, forwardedClientIp } from './client-ip.ts';

describe('clientNetworkKey: the key every per-client limit counts under', () => {
  it('puts every address of one IPv6 /64 in one key, however it is written', () => {
    const keys = ['2001:db8:1:2::1', '2001:0db8:0001:0002:ffff:ffff:ffff:ffff', '2001:db8:1:2:abcd::9', '2001:DB8:1:2::1.2.3.4', 'fe80::1%eth0'.replace('fe80::1', '2001:db8:1:2::')];
    expect(new Set(keys.map(clientNetworkKey))).toEqual(new Set(['2001:db8:1:2::/64']));
    expect(clientNetworkKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(clientNetworkKey('::1')).toBe('0:0:0:0::/64');
  });

  it('keeps an IPv4 address (also IPv4-mapped) as it is', () => {
    expect(clientNetworkKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientNetworkKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientNetworkKey('203.0.113.8')).not.toBe(clientNetworkKey('203.0.113.7'));
  });
});

describe('forwardedClientIp: who the client is', () => {
  it('ignores X-Forwarded-For from a peer that is not a trusted proxy', () => {
    expect(forwardedClientIp('198.51.100.9', '203.0.113.1', [])).toBe('198.51.100.9');
    expect(forwardedClientIp('198.51.100.9', '203.0.113.1', ['127.0.0.1'])).toBe('198.51.100.9');
  });

  it('behind trusted proxies takes the right-most hop that is not one of them', () => {
    const proxies = ['127.0.0.1', '10.0.0.2'];
    // The client wrote the first entry itself; the proxies appended the rest.
    expect(forwardedClientIp('::ffff:127.0.0.1', '6.6.6.6, 203.0.113.5, 10.0.0.2', proxies)).toBe('203.0.113.5');
    expect(forwardedClientIp('127.0.0.1', undefined, proxies)).toBe('127.0.0.1');
  });
});

describe('realtime sockets per client network', () => {
  it('counts the sockets of one /64 together', () => {
    const sockets = new IpSockets(2);
    expect(sockets.take('2001:db8:1:2::1')).toBe(true);
    expect(sockets.take('2001:db8:1:2::2')).toBe(true);
    expect(sockets.take('2001:db8:1:2::3')).toBe(false);
    expect(sockets.take('2001:db8:1:3::1')).toBe(true);
    sockets.release('2001:db8:1:2::1');
    expect(sockets.take('2001:db8:1:2::ffff')).toBe(true);
  });
});
