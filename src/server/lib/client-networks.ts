import { isIPv6 } from 'node:net';
import { WIDE_NETWORK_LIMITS, type WideNetworkPrefix } from '#shared/contracts/entry-flags.ts';
import { networkAddressOf } from './ip-networks.ts';

const WIDE_PREFIXES = Object.keys(WIDE_NETWORK_LIMITS).map(Number) as WideNetworkPrefix[];
const WIDEST_PREFIX = Math.min(...WIDE_PREFIXES) as WideNetworkPrefix;

const networkOf = (ip: string, prefix: WideNetworkPrefix) =>
  `${networkAddressOf(ip, prefix)}/${prefix}`;

/** A wider IPv6 network a client also counts under (`2001:db8:15::/48`). */
export type WideNetwork = { prefix: WideNetworkPrefix; network: string };

/**
 * Where a client enters from, as the limits count it: its address (IPv6: its /64, one
 * subscriber's link), and for IPv6 also the /56 and /48 around it. One allocated /48 holds 65,536
 * /64s: counted by /64 alone, it could enter without limit (docs/decisions/032-ipv6-networks.md).
 */
export function clientNetworksOf(ip: string): { address: string; wider: WideNetwork[] } {
  const address = networkAddressOf(ip);
  if (!isIPv6(address)) return { address, wider: [] };
  return {
    address,
    wider: WIDE_PREFIXES.map((prefix) => ({ prefix, network: networkOf(ip, prefix) })),
  };
}

/**
 * The widest network a client counts under: its IPv4 address, or the /48 around its IPv6 one
 * (a site's whole allocation, which one subscriber or a free tunnel holds).
 */
export function widestNetworkOf(ip: string): string {
  const address = networkAddressOf(ip);
  return isIPv6(address) ? networkOf(ip, WIDEST_PREFIX) : address;
}
