import { BlockList, isIP } from 'node:net';

/**
 * Which addresses the server may never fetch from: every range that reaches this machine, its
 * network, a cloud's metadata service, or hides an IPv4 address inside IPv6. The matching is Node's
 * own `net.BlockList` (maintained with Node, understands IPv4-mapped IPv6), never hand-written bit
 * arithmetic (decision 250).
 */
const REFUSED_RANGES: ReadonlyArray<{ network: string; prefix: number; family: 'ipv4' | 'ipv6'; what: string }> = [
  { network: '0.0.0.0', prefix: 8, family: 'ipv4', what: '"this network" (0.0.0.0/8)' },
  { network: '10.0.0.0', prefix: 8, family: 'ipv4', what: 'a private network' },
  { network: '100.64.0.0', prefix: 10, family: 'ipv4', what: 'carrier-grade NAT (100.64/10)' },
  { network: '127.0.0.0', prefix: 8, family: 'ipv4', what: 'this machine (loopback)' },
  // Link-local holds 169.254.169.254, the metadata service of most clouds.
  { network: '169.254.0.0', prefix: 16, family: 'ipv4', what: 'link-local or a cloud metadata service' },
  { network: '172.16.0.0', prefix: 12, family: 'ipv4', what: 'a private network' },
  { network: '192.0.0.0', prefix: 24, family: 'ipv4', what: 'IETF protocol assignments' },
  { network: '192.0.2.0', prefix: 24, family: 'ipv4', what: 'documentation (TEST-NET-1)' },
  { network: '192.168.0.0', prefix: 16, family: 'ipv4', what: 'a private network' },
  { network: '198.18.0.0', prefix: 15, family: 'ipv4', what: 'benchmarking (198.18/15)' },
  { network: '198.51.100.0', prefix: 24, family: 'ipv4', what: 'documentation (TEST-NET-2)' },
  { network: '203.0.113.0', prefix: 24, family: 'ipv4', what: 'documentation (TEST-NET-3)' },
  { network: '224.0.0.0', prefix: 4, family: 'ipv4', what: 'multicast' },
  // Reserved, and the broadcast address 255.255.255.255.
  { network: '240.0.0.0', prefix: 4, family: 'ipv4', what: 'a reserved range' },
  // ::/128 (unspecified), ::1, and the deprecated IPv4-compatible ::a.b.c.d all sit in ::/96.
  { network: '::', prefix: 96, family: 'ipv6', what: 'the unspecified or loopback address' },
  { network: '::ffff:0:0', prefix: 96, family: 'ipv6', what: 'an IPv4 address written as IPv6' },
  { network: '64:ff9b::', prefix: 96, family: 'ipv6', what: 'NAT64 (64:ff9b::/96)' },
  { network: '64:ff9b:1::', prefix: 48, family: 'ipv6', what: 'local NAT64 (64:ff9b:1::/48)' },
  { network: '100::', prefix: 64, family: 'ipv6', what: 'the discard range' },
  { network: '2001::', prefix: 32, family: 'ipv6', what: 'Teredo (an IPv4 address inside IPv6)' },
  { network: '2001:db8::', prefix: 32, family: 'ipv6', what: 'documentation' },
  { network: '2002::', prefix: 16, family: 'ipv6', what: '6to4 (an IPv4 address inside IPv6)' },
  { network: 'fc00::', prefix: 7, family: 'ipv6', what: 'a private network (unique local)' },
  { network: 'fe80::', prefix: 10, family: 'ipv6', what: 'link-local' },
  { network: 'fec0::', prefix: 10, family: 'ipv6', what: 'site-local' },
  { network: 'ff00::', prefix: 8, family: 'ipv6', what: 'multicast' },
];

const RANGE_LISTS = REFUSED_RANGES.map((range) => {
  const list = new BlockList();
  list.addSubnet(range.network, range.prefix, range.family);
  return { list, family: range.family, what: range.what };
});

/**
 * What a refused address is ("a private network", "this machine (loopback)" …), or null when it is
 * a public unicast address. Anything that is not an IP address at all is refused too.
 */
export function refusedAddressKind(address: string): string | null {
  const version = isIP(address);
  if (version === 0) return 'not an IP address';
  const family = version === 4 ? 'ipv4' : 'ipv6';
  // Only the address's own family's ranges: BlockList compares an IPv4 address as IPv4-mapped IPv6,
  // so the ::ffff:0:0/96 rule would otherwise refuse every IPv4 address.
  for (const range of RANGE_LISTS) {
    try {
      if (range.family === family && range.list.check(address, family)) return range.what;
    } catch {
      // An address BlockList cannot read (an IPv6 zone such as fe80::1%eth0) is never fetched.
      return 'an address that cannot be checked';
    }
  }
  return null;
}
