import { isIPv4, isIPv6 } from 'node:net';

/**
 * Which IP addresses the shop may fetch a photo from: public ones only. Refused: IPv4 "this
 * network" (0/8), private (10/8, 172.16/12, 192.168/16), shared (100.64/10), loopback (127/8),
 * link-local (169.254/16), protocol assignments (192.0.0/24), benchmarking (198.18/15), multicast
 * (224/4) and reserved or broadcast (240/4); IPv6 unspecified and loopback, unique-local (fc00::/7),
 * link-local (fe80::/10), site-local (fec0::/10) and multicast (ff00::/8); and an IPv6 address that
 * carries an IPv4 one (mapped ::ffff:0:0/96, compatible ::/96, NAT64 64:ff9b::/96, 6to4 2002::/16)
 * when that IPv4 address is refused (RFC 6890's special-purpose registries).
 */
const V4_REFUSED: [number, number][] = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
].map(([net, bits]) => [v4Number(net as string), bits as number]);

function v4Number(address: string): number {
  return address.split('.').reduce((n, part) => n * 256 + Number(part), 0);
}

function v4Refused(n: number): boolean {
  return V4_REFUSED.some(([net, bits]) => Math.floor(n / 2 ** (32 - bits)) === Math.floor(net / 2 ** (32 - bits)));
}

/** The eight 16-bit groups of an IPv6 address (a trailing dotted IPv4 part included). */
function v6Groups(address: string): number[] {
  let text = address.split('%')[0] ?? '';
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted?.[1]) {
    const n = v4Number(dotted[1]);
    text = `${text.slice(0, -dotted[1].length)}${Math.floor(n / 65536).toString(16)}:${(n % 65536).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const part = (s: string) => (s ? s.split(':').map((g) => Number.parseInt(g, 16)) : []);
  const left = part(head);
  const right = tail === undefined ? [] : part(tail);
  const fill = tail === undefined ? [] : new Array<number>(8 - left.length - right.length).fill(0);
  return [...left, ...fill, ...right];
}

function v6Refused(address: string): boolean {
  const g = v6Groups(address);
  if (g.length !== 8 || g.some((x) => !Number.isInteger(x) || x < 0 || x > 0xffff)) return true;
  const embedded = (hi: number, lo: number) => v4Refused(hi * 65536 + lo);
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  // ::/96 holds unspecified (::), loopback (::1) and the deprecated IPv4-compatible form: all refused.
  if (zeros(0, 6)) return true;
  if (zeros(0, 5) && g[5] === 0xffff) return embedded(g[6]!, g[7]!);
  if (g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6)) return embedded(g[6]!, g[7]!);
  if (g[0] === 0x2002) return embedded(g[1]!, g[2]!);
  const first = g[0]!;
  return (first & 0xfe00) === 0xfc00 || (first & 0xffc0) === 0xfe80 || (first & 0xffc0) === 0xfec0 || first >= 0xff00;
}

/** Whether `address` (an IP address as DNS or a URL gives it) is one the shop may fetch from. */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  if (isIPv4(bare)) return !v4Refused(v4Number(bare));
  if (isIPv6(bare)) return !v6Refused(bare);
  return false;
}
