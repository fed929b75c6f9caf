import { createHash } from 'node:crypto';
import { and, asc, desc, eq, isNotNull } from 'drizzle-orm';
import type { AppContext, DbContext } from '#server/context.ts';
import type { Db } from '#server/db/client.ts';
import { contestRulesVersions, contests, type Contest } from '#server/db/schema.ts';
import { AppError } from '#server/errors.ts';
import type { RulesReference, RulesVersion } from '#shared/contracts/contest-rules.ts';
import { isUuid } from '#shared/contracts/ids.ts';
import { officialRulesMessages } from '#shared/contracts/official-rules.ts';
import { rulesTextOf } from './rules-text.ts';

/**
 * A contest's official rules, versioned (docs/product.md#official-rules): publishing fixes
 * version 1, and every later change to the contest that alters the text adds the next one. A
 * version is never changed or removed while its contest exists: entries and the draw record name
 * the version in force when they were made.
 */

/** The rules' text carries the app's links (the entry page, the draw record, /me). */
export type RulesContext = Pick<AppContext, 'db' | 'config'>;

type RulesVersionRow = typeof contestRulesVersions.$inferSelect;

const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

async function latestVersionOf(db: Db, contestId: string): Promise<RulesVersionRow | undefined> {
  const [latest] = await db
    .select()
    .from(contestRulesVersions)
    .where(eq(contestRulesVersions.contestId, contestId))
    .orderBy(desc(contestRulesVersions.version))
    .limit(1);
  return latest;
}

/**
 * Adds the contest's next rules version when its text as the contest now stands differs from the
 * latest one's, once the contest is published and has rules; call it after every change to a
 * contest, in the change's transaction. Answers the version in force afterwards (null: none).
 * The contest's row is read again under its lock: the text is of the row as committed, and two
 * changes at once take turns, so they never both take the same number (the primary key would
 * refuse the second anyway). The draw's freeze reads the version under the same lock.
 */
export function recordRulesVersion(ctx: RulesContext, contestId: string): Promise<number | null> {
  return ctx.db.transaction(async (tx) => {
    const [contest] = await tx
      .select()
      .from(contests)
      .where(eq(contests.id, contestId))
      .for('update');
    const latest = await latestVersionOf(tx, contestId);
    const text = contest?.publishedAt ? rulesTextOf(contest, ctx.config.appUrl) : null;
    if (text === null || text === latest?.text) return latest?.version ?? null;
    const version = (latest?.version ?? 0) + 1;
    await tx
      .insert(contestRulesVersions)
      .values({ contestId, version, sha256: sha256Hex(text), text });
    return version;
  });
}

/**
 * A change to contests (an insert or update returning its row), committed with the rules version
 * it makes: what the contests feature runs each creation, edit and publication through.
 */
export function withRulesVersion(
  ctx: RulesContext,
  change: (tx: Db) => Promise<Contest[]>,
): Promise<Contest[]> {
  return ctx.db.transaction(async (tx) => {
    const changed = await change(tx);
    const [contest] = changed;
    if (contest?.publishedAt) await recordRulesVersion({ ...ctx, db: tx }, contest.id);
    return changed;
  });
}

/**
 * The version in force now: the latest (null: the contest never had published rules). An entry
 * or a freeze that reads it under the contest's row lock reads the version its moment had.
 */
export async function currentRulesVersion(
  { db }: DbContext,
  contestId: string,
): Promise<number | null> {
  return (await latestVersionOf(db, contestId))?.version ?? null;
}

/** What the draw record says of a version: its number and its text's SHA-256. */
export async function rulesReferenceOf(
  { db }: DbContext,
  contestId: string,
  version: number | null,
): Promise<RulesReference | null> {
  if (version === null) return null;
  const [row] = await db
    .select({ version: contestRulesVersions.version, sha256: contestRulesVersions.sha256 })
    .from(contestRulesVersions)
    .where(
      and(eq(contestRulesVersions.contestId, contestId), eq(contestRulesVersions.version, version)),
    );
  return row ?? null;
}

const toRulesVersion = (row: RulesVersionRow): RulesVersion => ({
  version: row.version,
  publishedAt: row.publishedAt.toISOString(),
  sha256: row.sha256,
  text: row.text,
});

/** Only a published contest has public rules; a draft, to anyone, does not exist. */
async function findPublishedContest(db: Db, contestId: string): Promise<Contest> {
  const [contest] = isUuid(contestId)
    ? await db
        .select()
        .from(contests)
        .where(and(eq(contests.id, contestId), isNotNull(contests.publishedAt)))
    : [];
  // The contests feature's own refusal, in its words (this feature may not import it).
  if (!contest) throw new AppError('NOT_FOUND', 'Contest not found');
  return contest;
}

/** GET /api/contests/{id}/rules: every version, oldest first (none: the contest has no rules). */
export async function listRulesVersions(
  { db }: DbContext,
  contestId: string,
): Promise<RulesVersion[]> {
  await findPublishedContest(db, contestId);
  const rows = await db
    .select()
    .from(contestRulesVersions)
    .where(eq(contestRulesVersions.contestId, contestId))
    .orderBy(asc(contestRulesVersions.version));
  return rows.map(toRulesVersion);
}

/**
 * One version for the rules page and rules.txt: the one asked for, or without a number the one in
 * force now. A contest whose owner took its rules away has none in force, but its earlier
 * versions stay readable by number: entries and draw records name them.
 */
export async function readRulesVersion(
  { db }: DbContext,
  contestId: string,
  requested: number | null,
): Promise<{ contest: Contest; rules: RulesVersion; currentVersion: number | null }> {
  const contest = await findPublishedContest(db, contestId);
  const latest = await latestVersionOf(db, contestId);
  const currentVersion = contest.rules ? (latest?.version ?? null) : null;
  if (requested === null) {
    if (!latest || currentVersion === null) {
      throw new AppError('NOT_FOUND', officialRulesMessages.noRules);
    }
    return { contest, rules: toRulesVersion(latest), currentVersion };
  }
  const [row] = await db
    .select()
    .from(contestRulesVersions)
    .where(
      and(
        eq(contestRulesVersions.contestId, contestId),
        eq(contestRulesVersions.version, requested),
      ),
    );
  if (!row) throw new AppError('NOT_FOUND', officialRulesMessages.noSuchVersion);
  return { contest, rules: toRulesVersion(row), currentVersion };
}
