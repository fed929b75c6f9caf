import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '#server/context.ts';
import { confirmationRoutes } from './confirmation/routes.ts';
import { moderationRoutes } from './moderation/routes.ts';
import { entryPageRoutes } from './page/routes.ts';
import { referralRoutes } from './referrals/routes.ts';
import { transferRoutes } from './transfer/routes.ts';
import { createEntrySubmission, entryWriteRoutes } from './write/routes.ts';

/**
 * The entries feature, one slice per job (src/server/features/entries/README.md): each slice
 * registers its own routes; the API's entry call and the page's plain form share one group
 * commit.
 */
export const entryRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const submission = createEntrySubmission(ctx);
  await app.register(entryWriteRoutes, { ctx, submission });
  await app.register(entryPageRoutes, { ctx, submission });
  await app.register(confirmationRoutes, { ctx });
  await app.register(moderationRoutes, { ctx });
  await app.register(referralRoutes, { ctx });
  await app.register(transferRoutes, { ctx });
};
