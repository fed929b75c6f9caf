import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { contests, retiredSlugs } from '#server/db/schema.ts';
import { AppError } from '#server/errors.ts';
import { contestSlug, SLUG_MAX_LENGTH, slugMessages } from '#shared/contracts/contest-slugs.ts';

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

/** The slugs among `candidates` that a contest holds or gave up. */
async function usedSlugs(tx: Db, candidates: string[]): Promise<Set<string>> {
  const held = await tx
    .select({ slug: contests.slug })
    .from(contests)
    .where(inArray(contests.slug, candidates));
  const retired = await tx
    .select({ slug: retiredSlugs.slug })
    .from(retiredSlugs)
    .where(inArray(retiredSlugs.slug, candidates));
  return new Set([...held, ...retired].map(({ slug }) => slug ?? ''));
}

/** `{slug}-{n}`, the slug cut (and any hyphen it then ends with) so that the whole fits. */
function numberedSlug(slug: string, n: number): string {
  const suffix = `-${n}`;
  return `${slug.slice(0, SLUG_MAX_LENGTH - suffix.length).replace(/-$/, '')}${suffix}`;
}

const CANDIDATES_PER_READ = 50;

/**
 * The slug of a copy of the contest holding `slug` (docs/product.md#duplicate-a-contest):
 * `{slug}-2`, `-3`, ..., the first that no contest holds or gave up and that the short-link
 * rules take. The one chosen is locked and checked again, as claimSlug does, so a contest taking
 * it at the same moment waits for this transaction, and the copy never meets the unique index.
 */
export async function copySlugOf(tx: Db, slug: string): Promise<string> {
  for (let first = 2; ; first += CANDIDATES_PER_READ) {
    const candidates = Array.from({ length: CANDIDATES_PER_READ }, (_, i) =>
      numberedSlug(slug, first + i),
    ).filter((candidate) => contestSlug.safeParse(candidate).success);
    const used = await usedSlugs(tx, candidates);
    for (const candidate of candidates.filter((free) => !used.has(free))) {
      await lockSlug(tx, candidate);
      if ((await usedSlugs(tx, [candidate])).size === 0) return candidate;
    }
  }
}
