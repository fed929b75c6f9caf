import { sql, type SQL } from 'drizzle-orm';
import { contestEntries, type Contest } from '#server/db/schema.ts';

/**
 * Who the owner's review leaves out of the draw (docs/product.md#flagged-entries), shared by the
 * draw (the list it freezes), the owner's review and the entries list. Only a flagged entry can
 * be left out: by the owner's decision for it, or else by the contest's rule for one of its flags.
 */
export function isLeftOutOfDraw(contest: Pick<Contest, 'excludedFlags'>): SQL {
  const excludedFlags = contest.excludedFlags.length
    ? sql`array[${sql.join(
        contest.excludedFlags.map((flag) => sql`${flag}`),
        sql`, `,
      )}]::text[]`
    : sql`'{}'::text[]`;
  return sql`(cardinality(${contestEntries.flags}) > 0 and coalesce(
    ${contestEntries.drawDecision} = 'exclude',
    ${contestEntries.flags} && ${excludedFlags}
  ))`;
}
