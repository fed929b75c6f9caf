import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '#server/context.ts';
import { confirmPageRoutes } from './confirm-page-routes.ts';
import { confirmEntry } from './confirm.ts';
import { scheduleEntryHousekeeping } from './housekeeping.ts';

const confirmBody = z.object({ token: z.string().max(200).default('') });

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
};
