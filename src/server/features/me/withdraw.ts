import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import { contestEntries, contestPicks, contests, prizeClaims } from '#server/db/schema.ts';
import { holdPicks, withdrawFromDraw } from '#server/features/draws/service.ts';
import { removeEntry } from '#server/features/entries/service.ts';
import { isUuid } from '#shared/contracts/ids.ts';
import { WITHDRAWN_ENTRANT_NAME } from '#shared/contracts/me.ts';
import { entryNotFound, ownEntries } from './my-entries.ts';

/**
 * An entrant withdraws one of their entries (docs/product.md#your-entries-me), under the
 * contest's lock, which entries, draws and claims take in turn. Before the freeze the entry is
 * removed as the owner removes one. After it the row stays, for its leaf in the public record:
 * its name and address are erased, it leaves the owner's list, export and counts, and the draw
 * passes over it (withdrawFromDraw).
 */
export async function withdrawEntry(ctx: AppContext, mailbox: string, entryId: string) {
  if (!isUuid(entryId)) throw entryNotFound();
  await ctx.db.transaction(async (tx) => {
    const [own] = await tx
      .select({ contestId: contestEntries.contestId })
      .from(contestEntries)
      .where(ownEntries(mailbox, entryId));
    if (!own) throw entryNotFound();
    const held = await holdPicks(tx, own.contestId);
    const { contest } = held.locked;
    if (!contest.frozenAt) {
      await removeEntry({ db: tx }, contest, entryId);
      return;
    }
    // Read again under the lock: a second press, or the owner, may have been first.
    const [erased] = await tx
      .update(contestEntries)
      .set({
        name: WITHDRAWN_ENTRANT_NAME,
        // Unique per contest, as the (contest, mailbox) index needs, and deliverable nowhere.
        email: sql`${contestEntries.id}::text || '@withdrawn.invalid'`,
        withdrawnAt: sql`now()`,
        consentWithdrawnAt: sql`coalesce(${contestEntries.consentWithdrawnAt}, now())`,
      })
      .where(ownEntries(mailbox, entryId))
      .returning({ status: contestEntries.status });
    if (!erased) throw entryNotFound();
    if (erased.status === 'confirmed') {
      await tx
        .update(contests)
        .set({ entryCount: sql`${contests.entryCount} - 1` })
        .where(eq(contests.id, contest.id));
    }
    await withdrawFromDraw(ctx, tx, held, entryId);
    // What the winner gave to claim a prize is theirs too.
    const picks = tx
      .select({ p: contestPicks.p })
      .from(contestPicks)
      .where(and(eq(contestPicks.contestId, contest.id), eq(contestPicks.entryId, entryId)));
    await tx
      .update(prizeClaims)
      .set({ fullName: null, deliveryAddress: null })
      .where(and(eq(prizeClaims.contestId, contest.id), inArray(prizeClaims.p, picks)));
  });
}
