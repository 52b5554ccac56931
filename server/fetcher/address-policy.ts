import ipaddr from 'ipaddr.js';

/**
 * Which addresses the server may never fetch from: anything but a public unicast address. The
 * ranges are ipaddr.js's (its IANA special-purpose tables, maintained with the library), not ours
 * (decision 250): loopback, private and unique-local networks, link-local (which holds the clouds'
 * metadata service), carrier-grade NAT, multicast, broadcast, reserved, documentation and
 * benchmarking ranges, and every form that hides an IPv4 address inside IPv6.
 */
const DESCRIPTIONS: Readonly<Record<string, string>> = {
  unspecified: 'an unspecified address ("this network", 0.0.0.0/8 or ::)',
  broadcast: 'the broadcast address',
  multicast: 'multicast',
  linkLocal: 'link-local or a cloud metadata service',
  loopback: 'this machine (loopback)',
  carrierGradeNat: 'carrier-grade NAT (100.64/10)',
  private: 'a private network',
  reserved: 'a reserved range (documentation, benchmarking or future use)',
  uniqueLocal: 'a private network (unique local)',
  deprecatedSiteLocal: 'site-local',
  ipv4Mapped: 'an IPv4 address written as IPv6',
  rfc6052: 'NAT64 (an IPv4 address inside IPv6)',
  rfc6145: 'an IPv4-translated address',
  '6to4': '6to4 (an IPv4 address inside IPv6)',
  teredo: 'Teredo (an IPv4 address inside IPv6)',
  discard: 'the discard range',
  benchmarking: 'benchmarking',
};

/**
 * What a refused address is ("a private network", "this machine (loopback)" …), or null when it is
 * a public unicast address. Anything that is not an IP address at all is refused too.
 */
export function refusedAddressKind(address: string): string | null {
  // A zone (fe80::1%eth0) names an interface of this machine: never fetched, whatever the address.
  if (address.includes('%')) return 'an address with an interface zone';
  if (!ipaddr.isValid(address)) return 'not an IP address';
  const parsed = ipaddr.parse(address);
  // ipaddr.js also reads 0x7f000001 and 127.1; the fetcher only ever asks about addresses as DNS
  // and URLs write them, so a non-canonical form here is a mistake to refuse.
  if (parsed.kind() === 'ipv4' && !ipaddr.IPv4.isValidFourPartDecimal(address)) return 'not an IP address';
  const range = parsed.range();
  if (range !== 'unicast') return DESCRIPTIONS[range] ?? `a special-purpose range (${range})`;
  // The deprecated IPv4-compatible form ::a.b.c.d, which ipaddr.js counts as unicast.
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).parts.slice(0, 6).every((part) => part === 0)) return 'an IPv4 address written as IPv6';
  return null;
}
