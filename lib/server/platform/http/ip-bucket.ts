import 'server-only';
import { isIPv4, isIPv6 } from 'node:net';

/**
 * The address whose requests count together (captcha failures, rate limits). IPv4 addresses count one by one; IPv6 ones
 * by their /64, the block one customer line gets, so a script cannot start afresh with every
 * address of its own block.
 */
export function ipBucket(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped && isIPv4(mapped[1])) return mapped[1];
  if (!isIPv6(ip)) return ip;
  return `${ipv6Groups(ip).slice(0, 4).join(':')}::/64`;
}

/** The eight 16-bit groups of an IPv6 address, without leading zeros. */
function ipv6Groups(ip: string): string[] {
  const [head, tail] = ip.split('%')[0].split('::');
  const part = (s: string | undefined) => (s ? s.split(':').flatMap(v4AsGroups) : []);
  const left = part(head);
  const right = part(tail);
  const middle = tail === undefined ? [] : Array(8 - left.length - right.length).fill('0');
  return [...left, ...middle, ...right].map((g) => parseInt(g, 16).toString(16));
}

/** An embedded dotted IPv4 tail (::1.2.3.4) is two groups. */
function v4AsGroups(group: string): string[] {
  if (!group.includes('.')) return [group];
  const [a, b, c, d] = group.split('.').map(Number);
  return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
}
