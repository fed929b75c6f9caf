import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import { queryRows, type Db } from '#server/db/client.ts';
import { contestEntries, contestPicks, prizeClaims, type Contest } from '#server/db/schema.ts';
import { AppError, GoneLinkError } from '#server/errors.ts';
import {
  findContestOwner,
  holdPicks,
  queueWinnerNotices,
  recordUrlFor,
  releasePlace,
  type HeldPicks,
  type PickRow,
} from '#server/features/draws/service.ts';
import { claimUpdateMail, type ClaimUpdate } from '#server/mail/claim-templates.ts';
import { enforceLimit } from '#server/plugins/rate-limit.ts';
import {
  acceptClaimBodyFor,
  CLAIM_RESENDS_PER_HOUR,
  claimMessages,
  DECLINED_REASON,
  expiredReason,
  type ClaimView,
  type FulfilmentBody,
} from '#shared/contracts/claims.ts';
import { drawMessages } from '#shared/contracts/draws.ts';
import { findLinkedPlace, requireLivePlace, type LinkedPlace } from './claim-links.ts';

/** What the claims need: the database, the queues and the app's address. */
export type ClaimContext = Pick<AppContext, 'db' | 'mail' | 'jobs'> & {
  config: Pick<AppContext['config'], 'appUrl'>;
};

/** GET /api/claims/{token}: the place the link leads to, while it is the holder's. */
export async function describeClaim(ctx: ClaimContext, token: string): Promise<ClaimView> {
  const place = await findLinkedPlace(ctx.db, token);
  const status = requireLivePlace(place);
  return toClaimView(ctx, place, status);
}

function toClaimView(
  ctx: ClaimContext,
  { contest, pick }: LinkedPlace,
  status: ClaimView['status'],
): ClaimView {
  return {
    contestId: contest.id,
    contestTitle: contest.title,
    prizeDetails: contest.prizeDetails,
    position: pick.position,
    deadline: pick.claimDeadline?.toISOString() ?? null,
    timeZone: contest.timeZone,
    status,
    prizeDelivery: contest.prizeDelivery,
    recordUrl: recordUrlFor(ctx.config.appUrl, contest.id),
  };
}

async function queueOwnerUpdate(
  ctx: ClaimContext,
  tx: Db,
  contest: Contest,
  update: Pick<ClaimUpdate, 'position' | 'winnerName' | 'outcome' | 'replacementName'>,
) {
  const owner = await findContestOwner(tx, contest);
  await ctx.mail.queue(tx, [
    {
      ...claimUpdateMail({
        ...update,
        to: owner.email,
        ownerFirstName: owner.firstName,
        contestTitle: contest.title,
        winnersCount: contest.winnersCount,
        dashboardUrl: `${ctx.config.appUrl}/dashboard/${contest.id}`,
      }),
      purpose: 'claim-update',
    },
  ]);
}

/**
 * Locks the contest and reads the linked place again: a claim, a decline and the deadline take
 * turns, so exactly one of them settles a place. Refused unless the place is still the holder's
 * and pending.
 */
async function holdPendingPlace(
  tx: Db,
  token: string,
): Promise<HeldPicks & { place: LinkedPlace }> {
  const linked = await findLinkedPlace(tx, token);
  const held = await holdPicks(tx, linked.contest.id);
  // Read again under the lock: what was pending may have been settled meanwhile.
  const place = await findLinkedPlace(tx, token);
  const status = requireLivePlace(place);
  if (status !== 'pending') throw new GoneLinkError(claimMessages.claimed);
  return { ...held, place };
}

/** The winner's entry: their name as the owner knows it, and their address. */
async function entrantOf(tx: Db, pick: PickRow) {
  const [entrant] = await tx
    .select({ name: contestEntries.name, email: contestEntries.email })
    .from(contestEntries)
    .where(eq(contestEntries.id, pick.entryId));
  return entrant ?? { name: pick.displayName, email: null };
}

/** The claim's fields, or a 400 naming each field that is wrong. */
function readClaimBody(delivery: Contest['prizeDelivery'], body: unknown) {
  const parsed = acceptClaimBodyFor(delivery).safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    errors[String(issue.path[0] ?? '_')] ??= issue.message;
  }
  throw new AppError('VALIDATION', Object.values(errors)[0] ?? 'Invalid input.', errors);
}

/**
 * POST /api/claims/{token}/accept: the winner claims the place before the deadline, with what
 * delivering the prize needs. A second claim, or one after the deadline, is refused (410).
 */
export async function acceptClaim(
  ctx: ClaimContext,
  token: string,
  body: unknown,
): Promise<{ status: 'claimed' }> {
  await ctx.db.transaction(async (tx) => {
    // The place first (a dead link is a 410 whatever the body), then the body, against the
    // contest's way of delivering as it is under the lock.
    const { place } = await holdPendingPlace(tx, token);
    const parsed = readClaimBody(place.contest.prizeDelivery, body);
    const { pick } = place;
    const [claimed] = await tx
      .update(contestPicks)
      .set({ claimStatus: 'claimed' })
      .where(and(eq(contestPicks.contestId, pick.contestId), eq(contestPicks.p, pick.p)))
      .returning({ at: sql<Date>`clock_timestamp()`.mapWith(contestPicks.drawnAt) });
    await tx.insert(prizeClaims).values({
      contestId: pick.contestId,
      p: pick.p,
      fullName: parsed.fullName,
      deliveryAddress: parsed.deliveryAddress ?? null,
      publicityConsent: parsed.publicityConsent,
      claimedAt: claimed!.at as Date,
    });
    await queueOwnerUpdate(ctx, tx, place.contest, {
      position: pick.position,
      winnerName: (await entrantOf(tx, pick)).name,
      outcome: 'claimed',
      replacementName: null,
    });
  });
  return { status: 'claimed' };
}

/**
 * A place lost through its claim: declined by its winner, or its deadline passed. The next pick
 * of the committed sequence takes it and is notified; the owner is told either way.
 */
async function losePlace(
  ctx: ClaimContext,
  tx: Db,
  held: HeldPicks,
  pick: PickRow,
  outcome: 'declined' | 'expired',
) {
  const reason = outcome === 'declined' ? DECLINED_REASON : expiredReason(pick.claimDeadline!);
  const { name } = await entrantOf(tx, pick);
  const replacement = await releasePlace(ctx, tx, held, pick, { claimStatus: outcome, reason });
  await queueOwnerUpdate(ctx, tx, held.locked.contest, {
    position: pick.position,
    winnerName: name,
    outcome,
    replacementName: replacement?.name ?? null,
  });
}

/** POST /api/claims/{token}/decline: the winner gives the place up. */
export async function declineClaim(ctx: ClaimContext, token: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const held = await holdPendingPlace(tx, token);
    await losePlace(ctx, tx, held, held.place.pick, 'declined');
  });
}

/**
 * The deadline's job: a place still pending when its deadline has passed is lost. Run by one
 * instance at a time per job, and harmless run twice or late: it acts only on a pending winner
 * whose deadline has passed, under the contest's lock.
 */
export async function expireClaim(
  ctx: ClaimContext,
  { contestId, p }: { contestId: string; p: number },
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const held = await holdPicks(tx, contestId);
    const pick = held.picks.find((row) => row.p === p);
    if (!pick || pick.status !== 'winner' || pick.claimStatus !== 'pending') return;
    if (!(await isPastDeadline(tx, pick))) return;
    await losePlace(ctx, tx, held, pick, 'expired');
  });
}

/** By the database's clock, as a claim's own check reads it: a claim and its deadline agree. */
async function isPastDeadline(tx: Db, pick: PickRow): Promise<boolean> {
  if (!pick.claimDeadline) return false;
  const [due] = await queryRows<{ isDue: boolean }>(
    tx,
    sql`select ${pick.claimDeadline.toISOString()}::timestamptz <= clock_timestamp() as "isDue"`,
  );
  return due?.isDue ?? false;
}

/**
 * The pending places whose deadline passed a while ago: their jobs should have settled them. A
 * sweep settles them too, should a job have been lost (given up after its retries).
 */
export async function listOverdueClaims({ db }: Pick<ClaimContext, 'db'>) {
  return queryRows<{ contestId: string; p: number }>(
    db,
    sql`select contest_id as "contestId", p from contest_picks
      where status = 'winner' and claim_status = 'pending'
        and claim_deadline < clock_timestamp() - interval '5 minutes'
      order by claim_deadline limit 200`,
  );
}

/**
 * The reminder's job: a winner who has still not claimed, with time left, is mailed a new link,
 * once (the job may run again after a lost acknowledgement).
 */
export async function remindWinner(
  ctx: ClaimContext,
  { contestId, p }: { contestId: string; p: number },
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const { locked, picks } = await holdPicks(tx, contestId);
    const pick = picks.find((row) => row.p === p);
    if (!pick || pick.status !== 'winner' || pick.claimStatus !== 'pending') return;
    if (await isPastDeadline(tx, pick)) return;
    const [reminded] = await queryRows<{ found: number }>(
      tx,
      sql`select 1 as found from mails
        where entry_id = ${pick.entryId} and purpose = 'claim-reminder' limit 1`,
    );
    if (reminded) return;
    await queueNoticeAgain(ctx, tx, locked.contest, pick, { isReminder: true });
  });
}

async function queueNoticeAgain(
  ctx: ClaimContext,
  tx: Db,
  contest: Contest,
  pick: PickRow,
  { isReminder }: { isReminder: boolean },
) {
  const { email } = await entrantOf(tx, pick);
  if (!email) return;
  await queueWinnerNotices(ctx, tx, contest, [
    {
      winner: { p: pick.p, position: pick.position, entryId: pick.entryId, email },
      deadline: pick.claimDeadline!,
      isReminder,
    },
  ]);
}

/** The owner's hand on a place: its current winner, under the contest's lock. */
async function holdWinnerAt(tx: Db, contest: Contest, position: number) {
  const held = await holdPicks(tx, contest.id);
  const pick = held.picks.find((row) => row.position === position && row.status === 'winner');
  if (!pick) throw new AppError('UNKNOWN_POSITION', drawMessages.unknownPosition);
  return { ...held, pick };
}

/**
 * POST /api/contests/{id}/draws/{position}/resend (owner): the notice again, with a new link
 * and the same deadline; at most 3 per place per hour.
 */
export async function resendNotice(
  ctx: ClaimContext,
  contest: Contest,
  position: number,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const { locked, pick } = await holdWinnerAt(tx, contest, position);
    if (pick.claimStatus !== 'pending') {
      throw new AppError('BAD_REQUEST', claimMessages.notNotified);
    }
    // A notice whose deadline has passed would ask for what the link refuses.
    if (await isPastDeadline(tx, pick)) throw new AppError('BAD_REQUEST', claimMessages.expired);
    await enforceLimit(
      tx,
      `claim-resend:${contest.id}:${pick.p}`,
      { max: CLAIM_RESENDS_PER_HOUR, windowMs: 60 * 60_000 },
      () => claimMessages.resendLimit,
    );
    await queueNoticeAgain(ctx, tx, locked.contest, pick, { isReminder: false });
  });
}

/**
 * POST /api/contests/{id}/draws/{position}/fulfilment (owner): the prize was sent or delivered.
 * The status is public in the record; the note (a tracking number) is the owner's alone.
 */
export async function recordFulfilment(
  ctx: ClaimContext,
  contest: Contest,
  position: number,
  body: FulfilmentBody,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const { pick } = await holdWinnerAt(tx, contest, position);
    // A contest that does not notify has no claim to wait for: its prize may be sent at once.
    if (pick.claimStatus !== 'claimed' && pick.claimStatus !== 'not-required') {
      throw new AppError('BAD_REQUEST', claimMessages.notClaimed);
    }
    await tx
      .update(contestPicks)
      .set({ fulfilment: body.status })
      .where(and(eq(contestPicks.contestId, contest.id), eq(contestPicks.p, pick.p)));
    // No note keeps the one given before ("Mark delivered" after a tracked "Mark sent"); an
    // empty one clears it.
    const note = body.note === undefined ? undefined : body.note.trim() || null;
    const at = new Date();
    await tx
      .insert(prizeClaims)
      .values({ contestId: contest.id, p: pick.p, fulfilmentNote: note ?? null, fulfilmentAt: at })
      .onConflictDoUpdate({
        target: [prizeClaims.contestId, prizeClaims.p],
        set: { ...(note !== undefined && { fulfilmentNote: note }), fulfilmentAt: at },
      });
  });
}
