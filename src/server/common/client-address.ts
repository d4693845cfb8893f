import { isIP } from 'node:net';

/** Longest `X-Forwarded-For` value read; a longer one is ignored like a missing one. */
const MAX_FORWARDED_LENGTH = 2_048;

/**
 * The client address the trusted proxies vouch for, from an `X-Forwarded-For` value: each proxy
 * appends the address it was connected from, so only the `hops` rightmost entries were written by
 * proxies we trust and everything left of them is what the client sent. `hops` 1 takes the rightmost
 * entry (one load balancer), 2 the one before it, and so on; with fewer entries than hops the
 * leftmost one is taken (the chain was shorter, each entry still came from a trusted proxy).
 * Returns null when there is no usable entry there (absent, empty, not an IP address): the caller
 * then uses the socket's address rather than a value the client may have shaped.
 */
export function forwardedClient(header: string | undefined, hops: number): string | null {
  if (!header || hops < 1 || header.length > MAX_FORWARDED_LENGTH) return null;
  const entries = header.split(',');
  const entry = withoutPort(entries[Math.max(0, entries.length - hops)]?.trim() ?? '');
  return isIP(entry) ? entry.toLowerCase() : null;
}

// Some balancers write `203.0.113.7:51234` or `[2001:db8::1]:443`; the port is not part of the address.
function withoutPort(entry: string): string {
  const v4 = /^(\d{1,3}(?:\.\d{1,3}){3}):\d{1,5}$/.exec(entry);
  if (v4?.[1]) return v4[1];
  const v6 = /^\[([0-9A-Fa-f:.]+)\](?::\d{1,5})?$/.exec(entry);
  return v6?.[1] ?? entry;
}
