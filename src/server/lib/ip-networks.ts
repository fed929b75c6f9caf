import { normalizeIP } from '@fastify/rate-limit';

/**
 * A client address as the limits count it, and the IPv6 network of `prefix` bits around it, in
 * one canonical spelling (RFC 5952: lowercase, no leading zeros, the longest run of zero groups
 * as "::"), which keys the shared counts and the same-network hashes. An IPv4 address, or an
 * IPv6 one that maps it, is itself.
 *
 * The same answer as @fastify/rate-limit's `normalizeIP`, which parses with a general-purpose
 * library at about 19 µs a call: three calls per IPv6 entry were most of what the /56 and /48
 * counts cost the entry path. A plain hexadecimal IPv6 address (all a proxy reports) is parsed
 * here; any other spelling (an embedded IPv4 part, a zone) is left to `normalizeIP`.
 */
export function networkAddressOf(ip: string, prefix = 64): string {
  const groups = parseHexIPv6(ip);
  if (!groups) return normalizeIP(ip, prefix);
  if (isMappedIPv4(groups)) return normalizeIP(ip, prefix);
  for (let index = 0; index < 8; index += 1) {
    const kept = Math.min(16, Math.max(0, prefix - index * 16));
    groups[index] = kept === 0 ? 0 : groups[index]! & ((0xffff << (16 - kept)) & 0xffff);
  }
  return formatIPv6(groups);
}

const HEX_GROUP = /^[0-9a-fA-F]{1,4}$/;

/** The eight 16-bit groups of a hexadecimal IPv6 address, or null for anything else. */
function parseHexIPv6(ip: string): number[] | null {
  if (!ip.includes(':') || ip.includes('.') || ip.includes('%')) return null;
  const halves = ip.split('::');
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(':') : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(':') : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const parts = [...head, ...Array<string>(missing).fill('0'), ...tail];
  if (!parts.every((part) => HEX_GROUP.test(part))) return null;
  return parts.map((part) => parseInt(part, 16));
}

/** ::ffff:a.b.c.d written in hexadecimal: an IPv4 client seen through an IPv6 socket. */
const isMappedIPv4 = (groups: number[]) =>
  groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;

/** RFC 5952's text: the longest run of two or more zero groups (the first of equals) as "::". */
function formatIPv6(groups: number[]): string {
  let bestStart = -1;
  let bestLength = 1;
  for (let start = 0; start < 8;) {
    if (groups[start] !== 0) {
      start += 1;
      continue;
    }
    let end = start;
    while (end < 8 && groups[end] === 0) end += 1;
    if (end - start > bestLength) {
      bestStart = start;
      bestLength = end - start;
    }
    start = end;
  }
  const hex = groups.map((group) => group.toString(16));
  if (bestStart < 0) return hex.join(':');
  return `${hex.slice(0, bestStart).join(':')}::${hex.slice(bestStart + bestLength).join(':')}`;
}
