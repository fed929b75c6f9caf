/**
 * What issue 27's integrity work costs the entry path: POST entry on one hot contest with
 * referrals on (the same-network and proven-friend rules run per batch), 50 connections, behind
 * a balancer that reports one of 1,000 client addresses per entry, half IPv4 and half IPv6 in
 * 250 /48s (so the /56 and /48 counts run), every limit on (RATE_LIMIT=on), against the server
 * as it was before the issue. Entries come as an API client sends them (no form token).
 * BENCH_IPV6=off sends IPv4 clients only, to tell the IPv6 networks' share of the cost.
 */
import {
  compareEntryPath,
  reportEntryPath,
  type ComparisonResult,
} from './lib/entry-path-comparison.ts';

const CLIENT_ADDRESSES = 1000;
/** Issue 27: entries/s within 5%, CPU per 1,000 entries within 10%. */
const TARGETS = { throughputFloor: 0.95, cpuCeiling: 1.1 };

let address = 0;
/** One of 1,000 clients: even ones IPv4, odd ones IPv6 (four /64s in each of 125 /48s). */
function forwardedFor(): Record<string, string> {
  address = (address + 1) % CLIENT_ADDRESSES;
  const client =
    address % 2 === 0 || process.env.BENCH_IPV6 === 'off'
      ? `198.51.${Math.floor(address / 250)}.${address % 250}`
      : `2001:db8:${(address % 125).toString(16)}:${(address % 4).toString(16)}::1`;
  return { 'x-forwarded-for': client };
}

export function benchEntriesIntegrity(): Promise<ComparisonResult> {
  return compareEntryPath({
    // The last commit before issue 27's work (issue 26's queue bench).
    beforeRevision: process.env.BENCH_INTEGRITY_BEFORE_REVISION ?? '95b6d7e',
    beforeLabel: 'before issue 27',
    env: { RATE_LIMIT: 'on', TRUST_PROXY: 'on' },
    contestSettings: { referralBonus: 1 },
    load: { headersFor: forwardedFor },
    targets: TARGETS,
  });
}

export const reportEntriesIntegrity = (result: ComparisonResult) =>
  reportEntryPath(result, TARGETS);
