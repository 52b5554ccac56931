import { describe, expect, it } from 'vitest';
import { refusedAddressKind } from './address-policy.ts';

describe('refusedAddressKind', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'metadata'],
    ['0.0.0.0', 'this network'],
    ['0.1.2.3', 'this network'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['100.100.100.200', 'carrier-grade NAT'],
    ['198.18.0.1', 'benchmarking'],
    ['198.19.255.255', 'benchmarking'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['192.0.2.1', 'reserved'],
    ['::7f00:1', 'IPv4 address written as IPv6'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['::ffff:127.0.0.1', 'IPv4 address written as IPv6'],
    ['::ffff:8.8.8.8', 'IPv4 address written as IPv6'],
    ['64:ff9b::7f00:1', 'NAT64'],
    ['2002:7f00:1::', '6to4'],
    ['2001:0:4136:e378::1', 'Teredo'],
    ['fc00::1', 'unique local'],
    ['fd12:3456::1', 'unique local'],
    ['fe80::1', 'link-local'],
    ['ff02::1', 'multicast'],
  ])('refuses %s (%s)', (address, kind) => {
    expect(refusedAddressKind(address)).toContain(kind);
  });

  it.each(['93.184.215.14', '8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '2a00:1450:4001:80b::200e'])('lets the public address %s through', (address) => {
    expect(refusedAddressKind(address)).toBeNull();
  });

  it('refuses what is not an IP address at all', () => {
    expect(refusedAddressKind('0x7f000001')).toBe('not an IP address');
    expect(refusedAddressKind('localhost')).toBe('not an IP address');
    expect(refusedAddressKind('fe80::1%eth0')).not.toBeNull();
  });
});
