import { eq } from 'drizzle-orm';
import type { DbContext } from '#server/context.ts';
import { contests, type Contest } from '#server/db/schema.ts';
import type { SessionUser } from '#server/features/auth/sessions.ts';
import { lockMediaWrites } from '#server/lib/media-store.ts';
import { contestNotFound, getManagedContest } from './service.ts';
import { copySlugOf } from './slugs.ts';

/**
 * What a copy does with each column of `contests` (docs/product.md#duplicate-a-contest).
 * `copied`: a setting the owner chose, taken as it is (the images name the same stored files).
 * `reset`: what a run of the contest wrote (publication, commitment, entries, draw, freeze) and
 * the row's identity: the copy gets the table's default, or what `duplicateContest` sets (a
 * draft's `isActive`, a new `slug`), so it is a draft that never ran. Every column must be here:
 * the type refuses a missing one, and duplicate-contest.test.ts compares it with the table.
 */
export const contestColumnCopy = {
  id: 'reset',
  ownerId: 'copied',
  title: 'copied',
  description: 'copied',
  prizeDetails: 'copied',
  prizeValue: 'copied',
  endDate: 'copied',
  maxEntries: 'copied',
  isActive: 'reset',
  publishedAt: 'reset',
  confirmationMessage: 'copied',
  winnerId: 'reset',
  winnerSelectedAt: 'reset',
  entryCount: 'reset',
  winnersCount: 'copied',
  drawSeed: 'reset',
  seedHash: 'reset',
  committedAt: 'reset',
  frozenAt: 'reset',
  frozenEntryCount: 'reset',
  entriesRoot: 'reset',
  beacon: 'reset',
  predatesVerifiableDraws: 'reset',
  winners: 'reset',
  redrawing: 'reset',
  requireConfirmation: 'copied',
  excludedFlags: 'copied',
  frozenLeftOut: 'reset',
  frozenExcluded: 'reset',
  referralBonus: 'copied',
  referralCap: 'copied',
  showLeaderboard: 'copied',
  claimWindowMinutes: 'copied',
  notifyWinners: 'copied',
  prizeDelivery: 'copied',
  startDate: 'copied',
  timeZone: 'copied',
  rules: 'copied',
  consentText: 'copied',
  frozenRulesVersion: 'reset',
  images: 'copied',
  slug: 'reset',
  // The contest's own brand fields, and the copy of its owner's account brand: the same owner's.
  brand: 'copied',
  ownerBrand: 'copied',
  createdAt: 'reset',
  updatedAt: 'reset',
} as const satisfies Record<keyof Contest, 'copied' | 'reset'>;

type CopiedColumn = {
  [Column in keyof Contest]: (typeof contestColumnCopy)[Column] extends 'copied' ? Column : never;
}[keyof Contest];

const copiedColumns = (Object.keys(contestColumnCopy) as Array<keyof Contest>).filter(
  (column): column is CopiedColumn => contestColumnCopy[column] === 'copied',
);

const settingsOf = (original: Contest) =>
  Object.fromEntries(copiedColumns.map((column) => [column, original[column]])) as Pick<
    Contest,
    CopiedColumn
  >;

/**
 * A copy of the contest as a new draft of the same owner, also when an admin makes it: the
 * contest is the owner's giveaway, and the admin can still manage the copy.
 */
export async function duplicateContest(
  ctx: DbContext,
  user: SessionUser,
  contestId: string,
): Promise<Contest> {
  const { id } = await getManagedContest(ctx, contestId, user);
  return ctx.db.transaction(async (tx) => {
    // Read under the lock of image writes: the original cannot release a file between this read
    // and the copy naming it.
    await lockMediaWrites(tx);
    const [original] = await tx.select().from(contests).where(eq(contests.id, id));
    // Deleted since the owner's check.
    if (!original) throw contestNotFound();
    const slug = original.slug === null ? null : await copySlugOf(tx, original.slug);
    const [copy] = await tx
      .insert(contests)
      .values({ ...settingsOf(original), isActive: false, slug })
      .returning();
    return copy!;
  });
}
