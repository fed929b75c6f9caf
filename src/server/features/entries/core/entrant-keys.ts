import type { Config } from '#server/config.ts';
import { isKeyedDigest, keyedDigest } from '#server/lib/keyed-digest.ts';
import { REFERRAL_PARAM, type ReferralLink } from '#shared/contracts/referrals.ts';

/**
 * What the server alone can make for an entrant: the keyed hash of their client address (for
 * the limits and the same-network rule) and their personal links, the status page's carrying a
 * token only the session secret makes (docs/product.md#referrals).
 */

const STATUS_PURPOSE = 'entry-status';
const ADDRESS_PURPOSE = 'client-address';

/** A keyed hash of a client address: equal addresses compare equal, none can be read back. */
export const hashClientAddress = (secret: string, address: string) =>
  keyedDigest(secret, ADDRESS_PURPOSE, address);

export type EntrantLinkConfig = Pick<Config, 'appUrl' | 'sessionSecret'>;

/** The entrant's personal link and their status page's (whose token only the server can make). */
export function referralLinkFor(
  config: EntrantLinkConfig,
  contestId: string,
  entry: { id: string; referralCode: string },
): ReferralLink {
  const contestUrl = `${config.appUrl}/c/${contestId}`;
  const token = keyedDigest(config.sessionSecret, STATUS_PURPOSE, entry.id);
  return {
    code: entry.referralCode,
    url: `${contestUrl}?${REFERRAL_PARAM}=${entry.referralCode}`,
    statusUrl: `${contestUrl}/status/${entry.id}?token=${token}`,
  };
}

/** True when `token` is the one referralLinkFor put in this entry's status link. */
export const isStatusToken = (secret: string, entryId: string, token: string) =>
  isKeyedDigest(secret, STATUS_PURPOSE, entryId, token);
