import { and, eq, inArray } from 'drizzle-orm';
import type { Config } from '#server/config.ts';
import type { AppContext } from '#server/context.ts';
import type { Db } from '#server/db/client.ts';
import { claimLinks, contestPicks, users, type Contest } from '#server/db/schema.ts';
import { brandOfContest } from '#server/features/contests/service.ts';
import { createRandomToken, hashToken } from '#server/lib/tokens.ts';
import { winnerNoticeMail } from '#server/mail/claim-templates.ts';
import { toMailBrand } from '#server/mail/layout.ts';
import { displayNameForHeader, entrantSenderName } from '#server/mail/transport.ts';
import {
  CLAIM_PATH,
  CLAIM_REMINDER_MIN_WINDOW,
  CLAIM_TOKEN_FIELD,
} from '#shared/contracts/claims.ts';
import { entrantPageUrl } from '#shared/contracts/me.ts';

/** The jobs a winner's claim schedules; the claims feature defines what they do. */
export const CLAIM_DEADLINE_JOB = 'claim-deadline';
export const CLAIM_REMINDER_JOB = 'claim-reminder';
export type ClaimJob = { contestId: string; p: number };

/** What notifying a winner needs: the mail queue, the job queue and the app's address. */
export type NoticeContext = Pick<AppContext, 'mail' | 'jobs'> & {
  config: Pick<Config, 'appUrl'>;
};

export const claimUrlFor = (appUrl: string, token: string) =>
  `${appUrl}${CLAIM_PATH}?${CLAIM_TOKEN_FIELD}=${encodeURIComponent(token)}`;

export const recordUrlFor = (appUrl: string, contestId: string) =>
  `${appUrl}/c/${encodeURIComponent(contestId)}/draw`;

/** A winner to notify: their pick and where the notice goes. */
export type NewWinner = { p: number; position: number; entryId: string; email: string };

/**
 * The contest's owner as mails name them: their name for a From line (one header line), their
 * first name for a greeting, their address for a reply or a mail of their own.
 */
export async function findContestOwner(tx: Db, contest: Contest) {
  const [owner] = await tx
    .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(eq(users.id, contest.ownerId));
  const name = displayNameForHeader(`${owner?.firstName ?? ''} ${owner?.lastName ?? ''}`);
  return { name: name || null, firstName: owner?.firstName ?? null, email: owner?.email ?? '' };
}

/**
 * Mails each winner their notice with a new claim link, in the caller's transaction, and
 * queues the reminder (windows of 2 hours or more) and the deadline's job: a pick, its notice
 * and its deadline commit together or not at all (docs/product.md#claims).
 */
export async function queueWinnerNotices(
  ctx: NoticeContext,
  tx: Db,
  contest: Contest,
  winners: { winner: NewWinner; deadline: Date; isReminder?: boolean }[],
): Promise<void> {
  if (winners.length === 0) return;
  const owner = await findContestOwner(tx, contest);
  const brand = toMailBrand(brandOfContest(contest), ctx.config.appUrl);
  // A new link per mail (notice, reminder, resend): every one leads to the place until it is
  // settled, and only their hashes are kept.
  const links = winners.map((item) => {
    const token = createRandomToken();
    return { ...item, token, tokenHash: hashToken(token) };
  });
  await tx
    .insert(claimLinks)
    .values(
      links.map(({ winner, tokenHash }) => ({ tokenHash, contestId: contest.id, p: winner.p })),
    );
  await ctx.mail.queue(
    tx,
    links.map(({ winner, deadline, token, isReminder }) => ({
      ...winnerNoticeMail(
        {
          to: winner.email,
          contestTitle: contest.title,
          ownerName: owner.name,
          replyTo: owner.email,
          position: winner.position,
          winnersCount: contest.winnersCount,
          prize: contest.prizeDetails,
          deadline,
          timeZone: contest.timeZone,
          claimUrl: claimUrlFor(ctx.config.appUrl, token),
          recordUrl: recordUrlFor(ctx.config.appUrl, contest.id),
          pageUrl: entrantPageUrl(ctx.config.appUrl),
          ...(brand && { brand }),
        },
        { isReminder },
      ),
      purpose: isReminder ? ('claim-reminder' as const) : ('winner-notice' as const),
      senderName: entrantSenderName(brand?.name ?? null, owner.name),
      entryId: winner.entryId,
    })),
  );
}

/**
 * New winners of a contest that notifies: their claims open (pending, with the deadline the
 * window gives from the pick's time), their notices go out and their deadlines are scheduled.
 * A contest that does not notify leaves the claims not required, as picks are made.
 */
export async function openClaims(
  ctx: NoticeContext,
  tx: Db,
  contest: Contest,
  winners: NewWinner[],
  drawnAt: Date,
): Promise<void> {
  if (!contest.notifyWinners || winners.length === 0) return;
  const windowMs = contest.claimWindowMinutes * 60_000;
  const deadline = new Date(drawnAt.getTime() + windowMs);
  await tx
    .update(contestPicks)
    .set({ claimStatus: 'pending', claimDeadline: deadline })
    .where(
      and(
        eq(contestPicks.contestId, contest.id),
        inArray(
          contestPicks.p,
          winners.map((winner) => winner.p),
        ),
      ),
    );
  await queueWinnerNotices(
    ctx,
    tx,
    contest,
    winners.map((winner) => ({ winner, deadline })),
  );
  const job = (winner: NewWinner, at: Date, kind: string) => ({
    data: { contestId: contest.id, p: winner.p } satisfies ClaimJob,
    startAfter: at,
    singletonKey: `${kind}:${contest.id}:${winner.p}`,
  });
  await ctx.jobs.enqueue<ClaimJob>(
    tx,
    CLAIM_DEADLINE_JOB,
    winners.map((winner) => job(winner, deadline, 'deadline')),
  );
  if (contest.claimWindowMinutes >= CLAIM_REMINDER_MIN_WINDOW) {
    const remindAt = new Date(drawnAt.getTime() + windowMs * 0.75);
    await ctx.jobs.enqueue<ClaimJob>(
      tx,
      CLAIM_REMINDER_JOB,
      winners.map((winner) => job(winner, remindAt, 'reminder')),
    );
  }
}
