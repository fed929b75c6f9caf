import { and, eq } from 'drizzle-orm';
import type { DbContext } from '#server/context.ts';
import { contestEntries } from '#server/db/schema.ts';
import { isReferralCode } from '#shared/contracts/referrals.ts';
import { toDisplayName } from '#shared/draw-protocol.ts';

/**
 * Who shared the link a visitor came through, as the public page names people ("Maria S."),
 * so a friend sees who invited them; never an address (a name that held one gives nothing).
 * Null for no code, or one that finds nobody of this contest.
 */
export async function referrerNameOf(
  { db }: DbContext,
  contestId: string,
  code: string | null,
): Promise<string | null> {
  if (!isReferralCode(code)) return null;
  const [referrer] = await db
    .select({ name: contestEntries.name })
    .from(contestEntries)
    .where(and(eq(contestEntries.contestId, contestId), eq(contestEntries.referralCode, code)))
    .limit(1);
  if (!referrer) return null;
  return toDisplayName(referrer.name, '') || null;
}
