import { acceptsEntries } from '#shared/contest-time.ts';
import type { PublicContest } from '#shared/contracts/contests.ts';

/** Where a contest stands for its entry page (docs/product.md#contest-states). */
export type EntryPageStatus = 'draft' | 'scheduled' | 'open' | 'paused' | 'ended' | 'drawn';

const statuses: readonly string[] = ['draft', 'scheduled', 'open', 'paused', 'ended', 'drawn'];

/**
 * The contest's status as the server names it (`status`, in the public JSON), or, from a server
 * that does not send it yet, as its fields say: drawn once the first draw has frozen the
 * entries (whatever the end date), ended past the end date, paused while not active.
 */
export function entryPageStatusOf(
  contest: PublicContest & { status?: unknown },
  now = Date.now(),
): EntryPageStatus {
  if (typeof contest.status === 'string' && statuses.includes(contest.status)) {
    return contest.status as EntryPageStatus;
  }
  if (!contest.isPublished) return 'draft';
  if (contest.frozenAt !== null) return 'drawn';
  if (acceptsEntries(contest, now)) return 'open';
  return contest.isActive ? 'ended' : 'paused';
}
