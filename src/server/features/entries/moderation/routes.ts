import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '#server/context.ts';
import {
  contestNotFound,
  findContest,
  getManagedContest,
  isVisibleTo,
} from '#server/features/contests/service.ts';
import { requireUser } from '#server/plugins/session.ts';
import { entryListFilters } from '#shared/contracts/entries.ts';
import { entryFlags } from '#shared/contracts/entry-flags.ts';
import { drawDecisionBody, flagRuleBody, flagRuleParams } from '#shared/contracts/flag-review.ts';
import { isUuid } from '#shared/contracts/ids.ts';
import { contestParams, entryParams } from '../core/route-params.ts';
import { getFlagReview, setFlagRule } from './flag-review.ts';
import { ENTRY_PAGE_DEFAULT, ENTRY_PAGE_MAX, listEntriesPage } from './list-entries.ts';
import {
  clearEntryFlag,
  removeEntry,
  setEntryDrawDecision,
  summarizeEntries,
} from './moderation.ts';

const flagParams = entryParams.extend({ flag: z.enum(entryFlags, 'Unknown flag') });

const listQuery = z.object({
  // A NUL character cannot reach PostgreSQL as text: refused, not a 500.
  search: z
    .string()
    .max(200)
    .regex(/^[^\0]*$/, 'Invalid search')
    .optional(),
  limit: z.coerce.number().int().min(1).max(ENTRY_PAGE_MAX).default(ENTRY_PAGE_DEFAULT),
  filter: z.enum(entryListFilters, 'Unknown filter').default('all'),
  /** `{entryDate ISO}_{id}` of the last entry already shown. */
  cursor: z
    .string()
    .transform((value, context) => {
      const [date = '', id = '', ...rest] = value.split('_');
      const entryDate = new Date(date);
      // Entry dates lie between 1970 and 9999; outside that PostgreSQL refuses the value.
      const time = entryDate.getTime();
      if (
        rest.length > 0 ||
        date.length > 40 ||
        !(time >= 0 && time < Date.UTC(10_000, 0, 1)) ||
        !isUuid(id)
      ) {
        context.addIssue({ code: 'custom', message: 'Invalid cursor' });
        return z.NEVER;
      }
      return { entryDate, id };
    })
    .optional(),
});

/** The owner's list of entries and their judgement of each (and the public count). */
export const moderationRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  /** Only the contest's owner (or an admin) moderates its entries. */
  const managedContest = (
    request: { params: { contestId: string } } & Parameters<typeof requireUser>[0],
  ) => getManagedContest(ctx, request.params.contestId, requireUser(request));

  app.get(
    '/api/contests/:contestId/entries/summary',
    { schema: { params: contestParams } },
    async (request) => {
      const contest = await managedContest(request);
      return summarizeEntries(ctx, contest);
    },
  );

  app.delete(
    '/api/contests/:contestId/entries/:entryId',
    { schema: { params: entryParams } },
    async (request, reply) => {
      const contest = await managedContest(request);
      await removeEntry(ctx, contest, request.params.entryId);
      return reply.status(204).send();
    },
  );

  app.delete(
    '/api/contests/:contestId/entries/:entryId/flags/:flag',
    { schema: { params: flagParams } },
    async (request) => {
      const contest = await managedContest(request);
      return clearEntryFlag(ctx, contest, request.params.entryId, request.params.flag);
    },
  );

  // The owner's review of flagged entries before the first draw (docs/product.md#flagged-entries).
  app.get(
    '/api/contests/:contestId/flag-review',
    { schema: { params: contestParams } },
    async (request) => {
      const contest = await managedContest(request);
      return getFlagReview(ctx, contest);
    },
  );

  app.put(
    '/api/contests/:contestId/flag-review/:flag',
    { schema: { params: flagRuleParams, body: flagRuleBody } },
    async (request) => {
      const contest = await managedContest(request);
      return setFlagRule(ctx, contest, request.params.flag, request.body.decision);
    },
  );

  app.put(
    '/api/contests/:contestId/entries/:entryId/draw-decision',
    { schema: { params: entryParams, body: drawDecisionBody } },
    async (request) => {
      const contest = await managedContest(request);
      return setEntryDrawDecision(ctx, contest, request.params.entryId, request.body.decision);
    },
  );

  // Public: the entry page shows the count.
  app.get(
    '/api/contests/:contestId/entries/count',
    { schema: { params: contestParams, response: { 200: z.object({ count: z.number() }) } } },
    async (request) => {
      const contest = await findContest(ctx, request.params.contestId);
      if (!contest || !isVisibleTo(request.user, contest)) throw contestNotFound();
      return { count: contest.entryCount };
    },
  );

  app.get(
    '/api/contests/:contestId/entries',
    { schema: { params: contestParams, querystring: listQuery } },
    async (request, reply) => {
      const contest = await managedContest(request);
      const { search, limit, cursor, filter } = request.query;
      const { entries, total } = await listEntriesPage(ctx, contest, {
        search,
        limit,
        cursor,
        filter,
      });
      // The list is the body (as docs/product.md#api has it); the total rides in a header.
      return reply.header('x-total-count', String(total)).send(entries);
    },
  );
};
