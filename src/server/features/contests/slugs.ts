import { eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { retiredSlugs } from '#server/db/schema.ts';
import { AppError } from '#server/errors.ts';
import { slugMessages } from '#shared/contracts/contest-slugs.ts';

export const slugTaken = () =>
  new AppError('SLUG_TAKEN', slugMessages.taken, { slug: slugMessages.taken });

/**
 * Makes `slug` free for this contest (null: a contest being created), inside the change's
 * transaction: refused when another contest gave it up (it still redirects there); taken back
 * from the contest's own retired ones. One contest holding it now is left to the unique index.
 * The lock serialises the slugs' changes, so no contest takes a slug another is giving up at
 * the same moment.
 */
export async function claimSlug(tx: Db, contestId: string | null, slug: string): Promise<void> {
  await lockSlug(tx, slug);
  const [retired] = await tx
    .select({ contestId: retiredSlugs.contestId })
    .from(retiredSlugs)
    .where(eq(retiredSlugs.slug, slug))
    .limit(1);
  if (!retired) return;
  if (retired.contestId !== contestId) throw slugTaken();
  await tx.delete(retiredSlugs).where(eq(retiredSlugs.slug, slug));
}

/**
 * The contest's former slug keeps redirecting to it, and stays out of other contests' reach.
 * Called with the slug locked (lockSlug) since before the contest's row gave it up.
 */
export async function retireSlug(tx: Db, contestId: string, slug: string): Promise<void> {
  await tx.insert(retiredSlugs).values({ slug, contestId }).onConflictDoNothing();
}

/** Until the transaction ends; taken again by the same transaction, it is already held. */
export async function lockSlug(tx: Db, slug: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`slug:${slug}`}))`);
}
