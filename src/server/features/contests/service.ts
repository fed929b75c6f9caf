import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbContext } from '#server/context.ts';
import type { Db } from '#server/db/client.ts';
import { contests, retiredSlugs, type Contest } from '#server/db/schema.ts';
import { AppError } from '#server/errors.ts';
import type { SessionUser } from '#server/features/auth/sessions.ts';
import { readAccountBrand } from '#server/features/brand/service.ts';
import { withRulesVersion, type RulesContext } from '#server/features/rules/service.ts';
import { isUniqueViolation } from '#server/lib/db-errors.ts';
import { commitDrawOnPublish, createDrawSeed } from '#server/lib/draw-commitment.ts';
import {
  applyBrandChange,
  resolveContestBrand,
  toBrandFields,
  type ContestBrand,
} from '#shared/contracts/brand.ts';
import { claimMessages } from '#shared/contracts/claims.ts';
import { toContestImages } from '#shared/contracts/contest-images.ts';
import { rulesMessages } from '#shared/contracts/contest-rules.ts';
import { isSlugShaped } from '#shared/contracts/contest-slugs.ts';
import {
  contestMessages,
  type ContestStatus,
  type createContestBody,
  type ownerContest,
  type publicContest,
  type updateContestBody,
} from '#shared/contracts/contests.ts';
import { drawMessages } from '#shared/contracts/draws.ts';
import { isUuid } from '#shared/contracts/ids.ts';
import { referralMessages } from '#shared/contracts/referrals.ts';
import { claimSlug, lockSlug, retireSlug, slugTaken } from './slugs.ts';

export const contestNotFound = () => new AppError('NOT_FOUND', 'Contest not found');

export async function findContest(
  { db }: DbContext,
  contestId: string,
): Promise<Contest | undefined> {
  if (!isUuid(contestId)) return undefined;
  const [contest] = await db.select().from(contests).where(eq(contests.id, contestId)).limit(1);
  return contest;
}

/** What an address under /c/ names: the contest, and whether it is the contest's own address. */
export type ContestAddress = { contest: Contest; isCanonical: boolean };

/**
 * The contest at /c/{idOrSlug}: by its id, its slug, or a slug it gave up. Only the contest's
 * current address is canonical: its slug when it has one, else its id; any other is redirected.
 */
export async function findContestByAddress(
  ctx: DbContext,
  idOrSlug: string,
): Promise<ContestAddress | undefined> {
  const byId = await findContest(ctx, idOrSlug);
  if (byId) return { contest: byId, isCanonical: byId.slug === null };
  if (!isSlugShaped(idOrSlug)) return undefined;
  const [current] = await ctx.db
    .select()
    .from(contests)
    .where(eq(contests.slug, idOrSlug))
    .limit(1);
  if (current) return { contest: current, isCanonical: true };
  const [former] = await ctx.db
    .select({ contest: contests })
    .from(retiredSlugs)
    .innerJoin(contests, eq(contests.id, retiredSlugs.contestId))
    .where(eq(retiredSlugs.slug, idOrSlug))
    .limit(1);
  return former ? { contest: former.contest, isCanonical: false } : undefined;
}

export function canManage(user: SessionUser | null, contest: Pick<Contest, 'ownerId'>): boolean {
  return Boolean(user && (user.id === contest.ownerId || user.role === 'admin'));
}

/** A draft is private until its owner publishes it: to anyone else it does not exist. */
export function isVisibleTo(
  viewer: SessionUser | null,
  contest: Pick<Contest, 'ownerId' | 'publishedAt'>,
): boolean {
  return contest.publishedAt !== null || canManage(viewer, contest);
}

/** The contest if this user owns it (or is an admin); otherwise, as if it did not exist. */
export async function getManagedContest(
  { db }: DbContext,
  contestId: string,
  user: SessionUser,
): Promise<Contest> {
  const contest = await findContest({ db }, contestId);
  if (!contest || !canManage(user, contest)) throw contestNotFound();
  return contest;
}

type StatusFields = Pick<
  Contest,
  'publishedAt' | 'frozenAt' | 'endDate' | 'isActive' | 'startDate'
>;

/**
 * Where a contest stands (docs/product.md#contest-states), the one rule every answer carries.
 * A draw freezes a contest for good, so `drawn` wins over its dates and its pause; a contest
 * past its end is `ended` whether or not it was paused.
 */
export function contestStatusOf(contest: StatusFields, now = Date.now()): ContestStatus {
  if (contest.publishedAt === null) return 'draft';
  if (contest.frozenAt !== null) return 'drawn';
  if (now >= contest.endDate.getTime()) return 'ended';
  if (!contest.isActive) return 'paused';
  return contest.startDate && now < contest.startDate.getTime() ? 'scheduled' : 'open';
}

/**
 * The same rule in SQL, for counting and filtering many contests in the database (the admin
 * figures and list); `contest-status.test.ts` checks that both agree for every state.
 */
export const contestStatusSql: SQL<ContestStatus> = sql<ContestStatus>`(case
  when ${contests.publishedAt} is null then 'draft'
  when ${contests.frozenAt} is not null then 'drawn'
  when ${contests.endDate} <= now() then 'ended'
  when not ${contests.isActive} then 'paused'
  when ${contests.startDate} > now() then 'scheduled'
  else 'open'
end)`;

export function toPublicContest(contest: Contest): z.input<typeof publicContest> {
  return {
    id: contest.id,
    slug: contest.slug,
    title: contest.title,
    description: contest.description,
    prizeDetails: contest.prizeDetails,
    prizeValue: contest.prizeValue,
    endDate: contest.endDate,
    maxEntries: contest.maxEntries,
    status: contestStatusOf(contest),
    isActive: contest.isActive,
    isPublished: contest.publishedAt !== null,
    confirmationMessage: contest.confirmationMessage,
    winnerId: contest.winnerId,
    entryCount: contest.entryCount,
    winnersCount: contest.winnersCount,
    seedHash: contest.seedHash,
    committedAt: contest.committedAt,
    frozenAt: contest.frozenAt,
    winners: contest.winners,
    isRedrawing: contest.redrawing,
    requireConfirmation: contest.requireConfirmation,
    referralBonus: contest.referralBonus,
    referralCap: contest.referralCap,
    showLeaderboard: contest.showLeaderboard,
    claimWindowMinutes: contest.claimWindowMinutes,
    notifyWinners: contest.notifyWinners,
    prizeDelivery: contest.prizeDelivery,
    startDate: contest.startDate,
    timeZone: contest.timeZone,
    rules: contest.rules,
    consentText: contest.consentText,
    images: toContestImages(contest.images),
    brand: brandOfContest(contest),
  };
}

/** What the contest's pages and mails show of its brand (docs/product.md#the-owners-brand). */
export function brandOfContest(
  contest: Pick<Contest, 'brand' | 'ownerBrand' | 'images'>,
): ContestBrand {
  return resolveContestBrand(contest.brand, contest.ownerBrand, contest.images.logo);
}

/** The brand of a contest a page names by id (the confirmation and claim pages); null: gone. */
export async function readContestBrand(db: Db, contestId: string): Promise<ContestBrand | null> {
  const [row] = await db
    .select({ brand: contests.brand, ownerBrand: contests.ownerBrand, images: contests.images })
    .from(contests)
    .where(eq(contests.id, contestId));
  return row ? brandOfContest(row) : null;
}

export function toOwnerContest(contest: Contest): z.input<typeof ownerContest> {
  return {
    ...toPublicContest(contest),
    // The API keeps the field name its clients know (docs/product.md#api); inside, the owner.
    trainerId: contest.ownerId,
    excludedFlags: contest.excludedFlags,
    brandOverride: toBrandFields(contest.brand),
    winnerSelectedAt: contest.winnerSelectedAt,
    createdAt: contest.createdAt,
    updatedAt: contest.updatedAt,
  };
}

/** Owners and admins get the full record; anyone else only what the entry page shows. */
export async function viewContest(
  { db }: DbContext,
  contestId: string,
  viewer: SessionUser | null,
) {
  const contest = await findContest({ db }, contestId);
  if (!contest || !isVisibleTo(viewer, contest)) throw contestNotFound();
  return canManage(viewer, contest) ? toOwnerContest(contest) : toPublicContest(contest);
}

export function listOwnContests({ db }: DbContext, user: SessionUser): Promise<Contest[]> {
  return db
    .select()
    .from(contests)
    .where(eq(contests.ownerId, user.id))
    .orderBy(desc(contests.createdAt), desc(contests.id));
}

export async function countEntriesByContest(
  { db }: DbContext,
  user: SessionUser,
): Promise<Record<string, number>> {
  const rows = await db
    .select({ id: contests.id, count: contests.entryCount })
    .from(contests)
    .where(eq(contests.ownerId, user.id));
  return Object.fromEntries(rows.map((row) => [row.id, row.count]));
}

export async function createContest(
  ctx: RulesContext,
  user: SessionUser,
  input: z.output<typeof createContestBody>,
): Promise<Contest> {
  const { isActive, brand, ...fields } = input;
  const publishedAt = isActive ? new Date() : null;
  const [contest] = await refuseTakenSlug(
    withRulesVersion(ctx, async (tx) => {
      if (fields.slug) await claimSlug(tx, null, fields.slug);
      return tx
        .insert(contests)
        .values({
          ...fields,
          brand: applyBrandChange({}, brand ?? {}),
          ownerBrand: await readAccountBrand(tx, user.id),
          ownerId: user.id,
          isActive,
          publishedAt,
          ...(publishedAt && { ...createDrawSeed(), committedAt: publishedAt }),
        })
        .returning();
    }),
  );
  return contest!;
}

/** Another contest holding the slug now is the unique index's refusal: the same 409. */
async function refuseTakenSlug<T>(change: Promise<T>): Promise<T> {
  try {
    return await change;
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken();
    throw error;
  }
}

/**
 * What the first draw fixes: the places, who is drawn from and how entries are weighed. Changing
 * one afterwards would change who could have won.
 */
const lockedByFreeze = [
  { field: 'winnersCount', code: 'WINNERS_COUNT_LOCKED', message: drawMessages.winnersCountLocked },
  {
    field: 'referralBonus',
    code: 'WINNERS_COUNT_LOCKED',
    message: referralMessages.referralsLocked,
  },
  { field: 'referralCap', code: 'WINNERS_COUNT_LOCKED', message: referralMessages.referralsLocked },
  // Every winner of a draw gets the same time to claim (docs/product.md#claims).
  { field: 'claimWindowMinutes', code: 'CLAIM_WINDOW_LOCKED', message: claimMessages.windowLocked },
] as const;

const endDateLocked = () =>
  new AppError('CONTEST_DRAWN', contestMessages.endDateLocked, {
    endDate: contestMessages.endDateLocked,
  });

/** The edit form holds the end to the minute (datetime-local): within it, the end is unchanged. */
function sameMinute(a: Date, b: Date): boolean {
  return Math.floor(a.getTime() / 60_000) === Math.floor(b.getTime() / 60_000);
}

export async function updateContest(
  ctx: RulesContext,
  user: SessionUser,
  contestId: string,
  input: z.output<typeof updateContestBody>,
): Promise<Contest> {
  const { db } = ctx;
  const contest = await getManagedContest({ db }, contestId, user);
  if (input.maxEntries !== null && input.maxEntries < contest.entryCount) {
    throw new AppError(
      'MAX_ENTRIES_TOO_LOW',
      `Max entries cannot be lower than the ${contest.entryCount} entries already received.`,
      { maxEntries: `Must be at least ${contest.entryCount}` },
    );
  }
  const lockedChange = lockedByFreeze.find(
    ({ field }) => input[field] !== undefined && input[field] !== contest[field],
  );
  if (lockedChange && contest.frozenAt) {
    throw new AppError(lockedChange.code, lockedChange.message, {
      [lockedChange.field]: lockedChange.message,
    });
  }
  const startDate = input.startDate === undefined ? contest.startDate : input.startDate;
  if (startDate && startDate.getTime() >= input.endDate.getTime()) {
    throw new AppError('VALIDATION', rulesMessages.startAfterEnd, {
      startDate: rulesMessages.startAfterEnd,
    });
  }
  const movesEnd = !sameMinute(input.endDate, contest.endDate);
  if (movesEnd && contest.frozenAt) throw endDateLocked();
  const changesSlug = input.slug !== undefined && input.slug !== contest.slug;
  const [updated] = await refuseTakenSlug(
    withRulesVersion(ctx, async (tx) => {
      if (changesSlug && input.slug) await claimSlug(tx, contest.id, input.slug);
      const givesUp = changesSlug ? contest.slug : null;
      if (givesUp) await lockSlug(tx, givesUp);
      const rows = await tx
        .update(contests)
        // The edit form sends the end to the minute: a drawn contest keeps the end it had.
        .set({
          ...input,
          brand: input.brand && applyBrandChange(contest.brand, input.brand),
          ...(contest.frozenAt && { endDate: contest.endDate }),
        })
        .where(
          and(
            eq(contests.id, contest.id),
            // Re-checked in the statement: entries may have arrived since the read above, and a
            // draw may have frozen the contest.
            input.maxEntries === null
              ? undefined
              : sql`${contests.entryCount} <= ${input.maxEntries}`,
            lockedChange || movesEnd ? isNull(contests.frozenAt) : undefined,
          ),
        )
        .returning();
      // A slug given up keeps redirecting here (decision 043).
      if (givesUp && rows.length > 0) await retireSlug(tx, contest.id, givesUp);
      return rows;
    }),
  );
  if (!updated) {
    const current = await findContest({ db }, contest.id);
    if (current?.frozenAt && lockedChange) {
      throw new AppError(lockedChange.code, lockedChange.message);
    }
    if (current?.frozenAt && movesEnd) throw endDateLocked();
    throw new AppError(
      'MAX_ENTRIES_TOO_LOW',
      'More entries arrived meanwhile; raise Max entries and retry.',
    );
  }
  return updated;
}

/** Publishing a draft, pausing or resuming entries; a drawn contest is closed for good. */
export async function setContestActive(
  ctx: RulesContext,
  user: SessionUser,
  contestId: string,
  isActive: boolean,
): Promise<Contest> {
  const contest = await getManagedContest(ctx, contestId, user);
  if (contest.frozenAt) throw new AppError('CONTEST_DRAWN', contestMessages.statusLocked);
  // Published past its end, a draft would open as ended.
  if (isActive && !contest.publishedAt && contest.endDate.getTime() <= Date.now()) {
    throw new AppError('VALIDATION', contestMessages.endedDraft, {
      endDate: contestMessages.endedDraft,
    });
  }
  const [updated] = await withRulesVersion(ctx, (tx) =>
    tx
      .update(contests)
      .set({
        isActive,
        publishedAt: contest.publishedAt ?? (isActive ? new Date() : null),
        ...(isActive && commitDrawOnPublish()),
      })
      .where(and(eq(contests.id, contest.id), isNull(contests.frozenAt)))
      .returning(),
  );
  if (!updated) throw new AppError('CONTEST_DRAWN', contestMessages.statusLocked);
  return updated;
}

/** Its entries go with it; its draw history stays, so a re-roll cannot be erased (decision 016). */
export async function deleteContest(
  { db }: DbContext,
  user: SessionUser,
  contestId: string,
): Promise<void> {
  const contest = await getManagedContest({ db }, contestId, user);
  await db.delete(contests).where(eq(contests.id, contest.id));
}
