import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '#server/context.ts';
import {
  meEntryParams,
  meLinkBody,
  meMessages,
  meSessionBody,
  myEntries,
  myEntry,
} from '#shared/contracts/me.ts';
import {
  openEntrantSession,
  purgeExpiredEntrantAccess,
  requestEntrantLink,
  requireEntrant,
} from './entrant-access.ts';
import { exportMyData, listMyEntries, withdrawConsent } from './my-entries.ts';
import { withdrawEntry } from './withdraw.ts';

/** Per client address: enough for typos, too few to try a list of addresses. */
const linkRateLimit = { rateLimit: { max: 5, timeWindow: '10 minutes' } };
/** A token is 32 random bytes: this only keeps a client from hammering the table. */
const sessionRateLimit = { rateLimit: { max: 10, timeWindow: '1 minute' } };

/**
 * An entrant's own page (docs/product.md#your-entries-me): a link by mail, the session its button
 * opens, and the mailbox's entries, their data, consent and withdrawal.
 */
export const meRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  ctx.jobs.every({
    name: 'entrant-access-housekeeping',
    cron: '*/15 * * * *',
    run: async () => {
      const purged = await purgeExpiredEntrantAccess(ctx);
      if (purged > 0) ctx.log.info({ purged }, 'expired entrant links and sessions purged');
    },
  });

  // Every answer names one person's entries: no cache keeps it.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  // Public: the same 202 whatever the address, before it is looked up (decision 011).
  app.post(
    '/api/me/link',
    { schema: { body: meLinkBody }, config: linkRateLimit },
    async (request, reply) => {
      await requestEntrantLink(ctx, request.body.email, reply);
      return reply.status(202).send({ message: meMessages.linkSent });
    },
  );

  // The page's button: opening the link changes nothing (mail scanners open links).
  app.post(
    '/api/me/session',
    { schema: { body: meSessionBody, response: { 200: myEntries } }, config: sessionRateLimit },
    async (request, reply) => {
      const mailbox = await openEntrantSession(ctx, request, reply, request.body.token);
      return listMyEntries(ctx, mailbox);
    },
  );

  app.get('/api/me', { schema: { response: { 200: myEntries } } }, async (request) =>
    listMyEntries(ctx, await requireEntrant(ctx, request)),
  );

  app.get('/api/me/export', async (request, reply) => {
    const data = await exportMyData(ctx, await requireEntrant(ctx, request));
    return reply
      .header('content-disposition', 'attachment; filename="prizewheel-my-entries.json"')
      .send(data);
  });

  app.post(
    '/api/me/entries/:entryId/withdraw-consent',
    { schema: { params: meEntryParams, response: { 200: myEntry } } },
    async (request) =>
      withdrawConsent(ctx, await requireEntrant(ctx, request), request.params.entryId),
  );

  app.delete(
    '/api/me/entries/:entryId',
    { schema: { params: meEntryParams } },
    async (request, reply) => {
      await withdrawEntry(ctx, await requireEntrant(ctx, request), request.params.entryId);
      return reply.status(204).send();
    },
  );
};
