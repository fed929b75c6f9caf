import { sql, type SQL } from 'drizzle-orm';
import { contests, type Contest } from '#server/db/schema.ts';
import type { ContestStatus } from '#shared/contracts/contests.ts';

type StatusFields = Pick<Contest, 'publishedAt' | 'frozenAt' | 'endDate' | 'isActive'>;

/**
 * Where a contest stands (docs/product.md#contest-states), the one rule every answer carries.
 * A draw freezes a contest for good, so `drawn` wins over its dates and its pause; a contest
 * past its end is `ended` whether or not it was paused.
 */
export function contestStatusOf(contest: StatusFields, now = Date.now()): ContestStatus {
  if (contest.publishedAt === null) return 'draft';
  if (contest.frozenAt !== null) return 'drawn';
  if (now >= contest.endDate.getTime()) return 'ended';
  return contest.isActive ? 'open' : 'paused';
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
  else 'open'
end)`;
