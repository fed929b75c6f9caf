import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '#server/context.ts';
import { statusByCode } from '#server/errors.ts';
import { contestNotFound, findContest, isVisibleTo } from '#server/features/contests/service.ts';
import { contractSchema } from '#server/lib/contract-schema.ts';
import { describeEntryForm } from '#server/lib/entry-form.ts';
import type { EntryFormSetup } from '#shared/contracts/entries.ts';
import type { ErrorBody } from '#shared/errors.ts';
import { contestParams } from '../core/route-params.ts';
import { serializeEntryReceipt } from '../core/serialize-receipt.ts';
import { readSubmission } from '../screening/screening.ts';
import { EntryWriter } from './entry-writer.ts';
import { insertEntries } from './insert-entries.ts';
import {
  createEntrySubmitter,
  ENTRY_BODY_MAX_BYTES,
  ENTRY_QUEUE_FULL_MESSAGE,
  ENTRY_RETRY_AFTER_SECONDS,
  type SubmitEntry,
} from './submit-entry.ts';

/** The shared entry contract with the form's own fields, checked by its own function. */
const enterContestBody = contractSchema(readSubmission);

/** The same answer to every refused entry, serialised once (decision 024). */
const BUSY_BODY = JSON.stringify({
  message: ENTRY_QUEUE_FULL_MESSAGE,
  code: 'BUSY',
} satisfies ErrorBody);
const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * 503 with Retry-After for an entry the queue has no room for. Sent here rather than thrown:
 * under a flood there is one per request, and the error handler would log each one. The
 * connection is closed too, so that the server stops reading what a flooding client queued
 * behind it on that connection (pipelined requests, an unread body): with 2,000 connections
 * pipelining 10 entries each, entries written went from ~420/s to ~2,550/s (decision 014).
 */
function refuseEntryForNow(reply: FastifyReply) {
  return reply
    .status(statusByCode.BUSY)
    .header('retry-after', String(ENTRY_RETRY_AFTER_SECONDS))
    .header('connection', 'close')
    .type(JSON_TYPE)
    .send(BUSY_BODY);
}

/** The one group commit of an instance, which the API and the page's plain form both feed. */
export type EntrySubmission = { writer: EntryWriter; submitEntry: SubmitEntry };

export function createEntrySubmission(ctx: AppContext): EntrySubmission {
  const mailing = { queue: ctx.mail, links: ctx.config };
  const writer = new EntryWriter((contestId, batch) =>
    insertEntries(ctx.db, contestId, batch, { byOwner: false, mailing }),
  );
  return { writer, submitEntry: createEntrySubmitter(ctx, writer) };
}

/** The public entry call and what its form needs beside the fields. */
export const entryWriteRoutes: FastifyPluginAsyncZod<{
  ctx: AppContext;
  submission: EntrySubmission;
}> = async (app, { ctx, submission }) => {
  const { writer, submitEntry } = submission;

  app.post(
    '/api/contests/:contestId/entries',
    {
      schema: { params: contestParams, body: enterContestBody },
      bodyLimit: ENTRY_BODY_MAX_BYTES,
      // Before the body is read: a refused entry costs its headers and no more. The writer
      // checks again at submit, for the requests that were already past this point.
      onRequest: async (request, reply) => {
        if (!writer.hasRoom(request.params.contestId)) return refuseEntryForNow(reply);
      },
    },
    async (request, reply) => {
      const outcome = await submitEntry(request, request.params.contestId, request.body);
      if (outcome.status === 'busy') return refuseEntryForNow(reply);
      // Nothing was written and nobody is left to answer: Fastify sends nothing to a closed socket.
      if (outcome.status === 'gone') return;
      // A pending entry entered again was not created: it got a new link (200 says so).
      return reply
        .status(outcome.receipt.confirmationResent ? 200 : 201)
        .type(JSON_TYPE)
        .serializer(serializeEntryReceipt)
        .send(outcome.receipt);
    },
  );

  // Public: what the entry form sends beside the fields (the page's HTML carries the same).
  app.get(
    '/api/contests/:contestId/entry-form',
    { schema: { params: contestParams } },
    async (request, reply): Promise<EntryFormSetup> => {
      const contest = await findContest(ctx, request.params.contestId);
      if (!contest || !isVisibleTo(request.user, contest)) throw contestNotFound();
      reply.header('cache-control', 'no-store');
      return describeEntryForm(ctx.config, contest.id, ctx.clock.now());
    },
  );
};
