import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { DbContext } from '#server/context.ts';
import { contestEntries, contestPicks, contests } from '#server/db/schema.ts';
import { AppError } from '#server/errors.ts';
import { isUuid } from '#shared/contracts/ids.ts';
import { meMessages, type MyEntries, type MyEntry } from '#shared/contracts/me.ts';

/**
 * What an entrant's own page shows and hands out (docs/product.md#your-entries-me): the entries
 * of their mailbox in every contest, never anyone else's, and never the owner's own judgement of
 * them (their draw decision).
 */

export const entryNotFound = () => new AppError('NOT_FOUND', meMessages.entryNotFound);

/** The mailbox's entries still theirs: one withdrawn after the freeze is no one's any more. */
export const ownEntries = (mailbox: string, entryId?: string): SQL | undefined =>
  and(
    eq(contestEntries.emailKey, mailbox),
    isNull(contestEntries.withdrawnAt),
    entryId === undefined ? undefined : eq(contestEntries.id, entryId),
  );

/** The mailbox's entries with their contests, newest first (one of them, given its id). */
function readOwnEntries({ db }: DbContext, mailbox: string, entryId?: string) {
  return db
    .select({
      entry: contestEntries,
      contestTitle: contests.title,
      frozenAt: contests.frozenAt,
      wonPlace: sql<number | null>`(select ${contestPicks.position} from ${contestPicks}
        where ${contestPicks.entryId} = ${contestEntries.id} and ${contestPicks.status} = 'winner')`,
    })
    .from(contestEntries)
    .innerJoin(contests, eq(contests.id, contestEntries.contestId))
    .where(ownEntries(mailbox, entryId))
    .orderBy(desc(contestEntries.entryDate), desc(contestEntries.id));
}

type OwnEntryRow = Awaited<ReturnType<typeof readOwnEntries>>[number];

/** The marketing consent of an entry: given (and when), and withdrawn (and when). */
const consentOf = ({ consentAt, consentWithdrawnAt }: OwnEntryRow['entry']) => ({
  given: consentAt !== null && consentWithdrawnAt === null,
  at: consentAt?.toISOString() ?? null,
  withdrawnAt: consentWithdrawnAt?.toISOString() ?? null,
});

function toMyEntry({ entry, contestTitle, frozenAt, wonPlace }: OwnEntryRow): MyEntry {
  return {
    id: entry.id,
    contestId: entry.contestId,
    contestTitle,
    entryDate: entry.entryDate.toISOString(),
    status: entry.status,
    consent: consentOf(entry),
    country: entry.country,
    withdrawal: frozenAt ? 'erase' : 'delete',
    wonPlace,
  };
}

/** GET /api/me: the mailbox and its entries. */
export async function listMyEntries(ctx: DbContext, mailbox: string): Promise<MyEntries> {
  const rows = await readOwnEntries(ctx, mailbox);
  return { email: mailbox, entries: rows.map(toMyEntry) };
}

/**
 * GET /api/me/export: everything kept about the mailbox's entries, as its owner may ask for it:
 * what they typed, when, the entry's state, their consent and the hash of the sentence they
 * agreed to, their referral code and the screening's flags. Whose link brought them is another
 * entrant's, so only that a link did is said.
 */
export async function exportMyData(ctx: DbContext, mailbox: string) {
  const rows = await readOwnEntries(ctx, mailbox);
  return {
    exportedAt: new Date().toISOString(),
    email: mailbox,
    entries: rows.map(({ entry, contestTitle, wonPlace }) => ({
      id: entry.id,
      contest: { id: entry.contestId, title: contestTitle },
      name: entry.name,
      email: entry.email,
      entryDate: entry.entryDate.toISOString(),
      status: entry.status,
      emailConfirmedAt: entry.emailConfirmedAt?.toISOString() ?? null,
      country: entry.country,
      rulesVersion: entry.rulesVersion,
      consent: { ...consentOf(entry), textSha256: entry.consentSha256 },
      referralCode: entry.referralCode,
      cameThroughReferral: entry.referredBy !== null,
      flags: entry.flags,
      wonPlace,
    })),
  };
}

/** Marks the entry's marketing consent withdrawn (again: nothing changes); answers the entry. */
export async function withdrawConsent(
  ctx: DbContext,
  mailbox: string,
  entryId: string,
): Promise<MyEntry> {
  if (!isUuid(entryId)) throw entryNotFound();
  const [updated] = await ctx.db
    .update(contestEntries)
    .set({ consentWithdrawnAt: sql`coalesce(${contestEntries.consentWithdrawnAt}, now())` })
    .where(ownEntries(mailbox, entryId))
    .returning({ id: contestEntries.id });
  const [row] = updated ? await readOwnEntries(ctx, mailbox, entryId) : [];
  if (!row) throw entryNotFound();
  return toMyEntry(row);
}
