import { isIP } from 'node:net';

interface Range {
  bytes: number[];
  bits: number;
  reason: string;
}

const v4 = (cidr: string, reason: string): Range => {
  const [address, bits] = cidr.split('/');
  return { bytes: address!.split('.').map(Number), bits: Number(bits), reason };
};

/** IPv4 ranges that are not the public internet (RFC 6890 special-purpose registry, plus multicast). */
const IPV4_FORBIDDEN: Range[] = [
  v4('0.0.0.0/8', 'a "this network" address'),
  v4('10.0.0.0/8', 'a private address'),
  v4('100.64.0.0/10', 'a shared (carrier-grade NAT) address'),
  v4('127.0.0.0/8', 'a loopback address'),
  v4('169.254.0.0/16', 'a link-local address (cloud metadata lives here)'),
  v4('172.16.0.0/12', 'a private address'),
  v4('192.0.0.0/24', 'an IETF protocol address'),
  v4('192.0.2.0/24', 'a documentation address'),
  v4('192.88.99.0/24', 'a 6to4 relay address'),
  v4('192.168.0.0/16', 'a private address'),
  v4('198.18.0.0/15', 'a benchmarking address'),
  v4('198.51.100.0/24', 'a documentation address'),
  v4('203.0.113.0/24', 'a documentation address'),
  v4('224.0.0.0/4', 'a multicast address'),
  v4('240.0.0.0/4', 'a reserved or broadcast address'),
];

const v6 = (prefix: number[], bits: number, reason: string): Range => ({ bytes: prefix, bits, reason });

/** IPv6 ranges refused outright (checked after the ones that embed an IPv4 address). */
const IPV6_FORBIDDEN: Range[] = [
  v6([0x00, 0x64, 0xff, 0x9b, 0x00, 0x01], 48, 'a local-use NAT64 address'),
  v6([0x01, 0x00], 64, 'a discard-only address'),
  v6([0x20, 0x01, 0x00, 0x00], 23, 'an IETF protocol address (Teredo, benchmarking, ORCHID)'),
  v6([0x20, 0x01, 0x0d, 0xb8], 32, 'a documentation address'),
  v6([0x3f, 0xff], 20, 'a documentation address'),
  v6([0xfc], 7, 'a unique local (private) address'),
  v6([0xfe, 0x80], 10, 'a link-local address'),
  v6([0xfe, 0xc0], 10, 'a site-local address'),
  v6([0xff], 8, 'a multicast address'),
];

function inRange(bytes: number[], range: Range): boolean {
  let bits = range.bits;
  for (let i = 0; bits > 0; i += 1, bits -= 8) {
    const mask = bits >= 8 ? 0xff : (0xff << (8 - bits)) & 0xff;
    if (((bytes[i] ?? 0) & mask) !== ((range.bytes[i] ?? 0) & mask)) return false;
  }
  return true;
}

/** The 16 bytes of an IPv6 address (`isIP` has already said it is one; no zone index). */
function ipv6Bytes(address: string): number[] {
  let text = address;
  const tail: number[] = [];
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    tail.push(...dotted[1]!.split('.').map(Number));
    text = `${text.slice(0, dotted.index)}0:0`;
  }
  const [head = '', rest] = text.split('::');
  const groups = (part: string) => (part === '' ? [] : part.split(':').map((group) => parseInt(group, 16)));
  const before = groups(head);
  const after = rest === undefined ? [] : groups(rest);
  const words = [...before, ...new Array<number>(8 - before.length - after.length).fill(0), ...after];
  const bytes = words.flatMap((word) => [word >> 8, word & 0xff]);
  if (tail.length === 4) bytes.splice(12, 4, ...tail);
  return bytes;
}

function ipv4Reason(bytes: number[]): string | null {
  return IPV4_FORBIDDEN.find((range) => inRange(bytes, range))?.reason ?? null;
}

/**
 * Why a webhook may not be sent to this IP address, or null for a public unicast address. IPv6
 * forms that carry an IPv4 address (IPv4-mapped, NAT64, 6to4) are judged by that IPv4 address.
 */
export function forbiddenAddressReason(address: string): string | null {
  if (address.includes('%')) return 'a scoped (link-local) address';
  const family = isIP(address);
  if (family === 4) return ipv4Reason(address.split('.').map(Number));
  if (family !== 6) return 'not an IP address';
  const bytes = ipv6Bytes(address);
  const embedded = (offset: number, reasonPrefix: string) => {
    const reason = ipv4Reason(bytes.slice(offset, offset + 4));
    return reason ? `${reasonPrefix} of ${reason}` : null;
  };
  if (bytes.every((byte) => byte === 0)) return 'the unspecified address';
  if (bytes.slice(0, 15).every((byte) => byte === 0) && bytes[15] === 1) return 'a loopback address';
  if (inRange(bytes, v6([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff], 96, ''))) return embedded(12, 'the IPv4-mapped form');
  if (inRange(bytes, v6([0x00, 0x64, 0xff, 0x9b], 96, ''))) return embedded(12, 'the NAT64 form');
  if (inRange(bytes, v6([0x20, 0x02], 16, ''))) return embedded(2, 'the 6to4 form');
  const forbidden = IPV6_FORBIDDEN.find((range) => inRange(bytes, range));
  if (forbidden) return forbidden.reason;
  // Everything else outside 2000::/3 (global unicast) is reserved, e.g. the deprecated IPv4-compatible ::a.b.c.d.
  if ((bytes[0]! & 0xe0) !== 0x20) return 'a reserved address';
  return null;
}
