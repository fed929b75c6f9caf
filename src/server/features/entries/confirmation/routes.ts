import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '#server/context.ts';
import { contestNotFound, findContest } from '#server/features/contests/service.ts';
import { contractSchema } from '#server/lib/contract-schema.ts';
import {
  resendLinkAnswer,
  validateResendLink,
  type EntryCheck,
} from '#shared/contracts/entries.ts';
import { entryParams, contestParams } from '../core/route-params.ts';
import { confirmPageRoutes } from './confirm-page-routes.ts';
import { confirmEntry } from './confirm.ts';
import { checkEntry, resendEntryLink } from './entry-check.ts';
import { scheduleEntryHousekeeping } from './housekeeping.ts';

const confirmBody = z.object({ token: z.string().max(200).default('') });
const resendLinkBody = contractSchema(validateResendLink);

/** Per client address: enough for typos, too few to try a list of addresses. */
const resendRateLimit = { rateLimit: { max: 5, timeWindow: '10 minutes' } };

/** Double opt-in: the mailed link's page, its confirmation call, and the stale links' removal. */
export const confirmationRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  scheduleEntryHousekeeping(ctx);

  // Public: the double opt-in link's page (GET, which changes nothing) and its form's POST.
  await app.register(confirmPageRoutes, { ctx });
  // Public: confirms the entry of a double opt-in link's token, for scripts and the app. A POST:
  // opening a link must never confirm (mail scanners open links).
  app.post('/api/entries/confirm', { schema: { body: confirmBody } }, async (request) =>
    confirmEntry(ctx, request.body.token),
  );

  // Public to the browser holding the entry's id (its receipt): confirmed yet, and won?
  app.get(
    '/api/contests/:contestId/entries/:entryId/check',
    { schema: { params: entryParams } },
    async (request, reply): Promise<EntryCheck> => {
      reply.header('cache-control', 'no-store');
      return checkEntry(ctx, request.params.contestId, request.params.entryId);
    },
  );

  // Public: "Send me my link again" after a duplicate entry. The same 202 whatever the address,
  // so that it tells nobody who entered (docs/product.md#referrals).
  app.post(
    '/api/contests/:contestId/entries/resend-link',
    { schema: { params: contestParams, body: resendLinkBody }, config: resendRateLimit },
    async (request, reply) => {
      // Whether the contest is public is no secret; whether an address entered it is. So the
      // address is looked up after the answer, as the account endpoints do (decision 011).
      const { contestId } = request.params;
      const contest = await findContest(ctx, contestId);
      if (!contest?.publishedAt) throw contestNotFound();
      ctx.tasks.runAfterAnswer(reply, 'personal link mailed again', () =>
        resendEntryLink(ctx, contestId, request.body.email),
      );
      return reply.status(202).send({ message: resendLinkAnswer });
    },
  );
};
