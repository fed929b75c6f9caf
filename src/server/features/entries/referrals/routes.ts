import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '#server/context.ts';
import { getManagedContest } from '#server/features/contests/service.ts';
import { requireUser } from '#server/plugins/session.ts';
import type { EntryStanding, LeaderboardItem, TopReferrer } from '#shared/contracts/referrals.ts';
import { contestParams, entryParams } from '../core/route-params.ts';
import { getEntryStanding, getLeaderboard, listTopReferrers } from './referrals.ts';

/** The status page's link token (docs/product.md#referrals); a wrong one is a 404, not a 400. */
const entryStatusQuery = z.object({ token: z.string().default('') });

/** The leaderboard, the owner's top referrers and an entrant's own standing. */
export const referralRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx;

  // Public when the owner turns it on: the top referrers by display name (docs/product.md#referrals).
  app.get(
    '/api/contests/:contestId/leaderboard',
    { schema: { params: contestParams } },
    async (request): Promise<LeaderboardItem[]> => getLeaderboard(db, request.params.contestId),
  );

  app.get(
    '/api/contests/:contestId/referrers',
    { schema: { params: contestParams } },
    async (request): Promise<TopReferrer[]> => {
      const contest = await getManagedContest(ctx, request.params.contestId, requireUser(request));
      return listTopReferrers(db, contest);
    },
  );

  // Public to the holder of the link the entry's e-mail carries: that entrant's standing alone.
  app.get(
    '/api/contests/:contestId/entries/:entryId/status',
    { schema: { params: entryParams, querystring: entryStatusQuery } },
    async (request, reply): Promise<EntryStanding> => {
      reply.header('cache-control', 'no-store');
      return getEntryStanding(
        db,
        ctx.config,
        request.params.contestId,
        request.params.entryId,
        request.query.token,
      );
    },
  );
};
