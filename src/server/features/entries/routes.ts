import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '#server/context.ts';
import { AppError, statusByCode } from '#server/errors.ts';
import { recordEntriesExport } from '#server/features/admin/service.ts';
import type { SessionUser } from '#server/features/auth/sessions.ts';
import {
  contestNotFound,
  findContest,
  getManagedContest,
  isVisibleTo,
} from '#server/features/contests/service.ts';
import { contractSchema } from '#server/lib/contract-schema.ts';
import { describeEntryForm } from '#server/lib/entry-form.ts';
import { enforceLimit } from '#server/plugins/rate-limit.ts';
import { requireUser } from '#server/plugins/session.ts';
import { CSV_IMPORT_MAX_BYTES } from '#shared/constants.ts';
import { entryListFilters, type EntryFormSetup } from '#shared/contracts/entries.ts';
import { entryFlags } from '#shared/contracts/entry-flags.ts';
import { isUuid } from '#shared/contracts/ids.ts';
import {
  type EntryStanding,
  type LeaderboardItem,
  type TopReferrer,
} from '#shared/contracts/referrals.ts';
import type { ErrorBody } from '#shared/errors.ts';
import { confirmPageRoutes } from './confirm-page-routes.ts';
import { confirmEntry } from './confirm.ts';
import { entryPageRoutes } from './entry-page-routes.ts';
import { createEntryPages } from './entry-page.ts';
import { EntryWriter } from './entry-writer.ts';
import { exportEntriesCsv } from './export-csv.ts';
import { scheduleEntryHousekeeping } from './housekeeping.ts';
import { insertEntries } from './insert-entries.ts';
import { clearEntryFlag, removeEntry, summarizeEntries } from './moderation.ts';
import { getEntryStanding, getLeaderboard, listTopReferrers } from './referrals.ts';
import { readSubmission } from './screening.ts';
import { serializeEntryReceipt } from './serialize-receipt.ts';
import {
  ENTRY_PAGE_DEFAULT,
  ENTRY_PAGE_MAX,
  exportFileName,
  importEntries,
  listEntriesPage,
} from './service.ts';
import {
  createEntrySubmitter,
  ENTRY_BODY_MAX_BYTES,
  ENTRY_QUEUE_FULL_MESSAGE,
  ENTRY_RETRY_AFTER_SECONDS,
} from './submit-entry.ts';

const contestParams = z.object({ contestId: z.string().max(100) });

/** The shared entry contract with the form's own fields, checked by its own function. */
const enterContestBody = contractSchema(readSubmission);

/** The status page's link token (docs/product.md#referrals); a wrong one is a 404, not a 400. */
const entryStatusQuery = z.object({ token: z.string().default('') });

const entryParams = z.object({ contestId: z.string().max(100), entryId: z.string().max(100) });
const flagParams = entryParams.extend({ flag: z.enum(entryFlags, 'Unknown flag') });
const confirmBody = z.object({ token: z.string().max(200).default('') });

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

/**
 * The bytes of the uploaded csvFile. Busboy reports a malformed form (no boundary, a body cut
 * short) as a plain Error without a code: the client's mistake, so a 400 rather than a 500.
 */
async function readCsvFile(request: FastifyRequest): Promise<Buffer> {
  try {
    const file = await request.file();
    if (!file || file.fieldname !== 'csvFile') {
      throw new AppError('BAD_REQUEST', 'Choose a CSV file to import (form field csvFile).');
    }
    if (!/\.csv$/i.test(file.filename)) {
      file.file.resume();
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Only .csv files can be imported.');
    }
    return await file.toBuffer();
  } catch (error) {
    const code = error instanceof Error ? (error as { code?: unknown }).code : undefined;
    // Our own refusals and the multipart plugin's limits (FST_*) keep their status.
    if (error instanceof AppError || (typeof code === 'string' && code.startsWith('FST_'))) {
      throw error;
    }
    throw new AppError('BAD_REQUEST', 'The upload is not a valid multipart form.');
  }
}

/**
 * Imports per owner per hour. An owner imports a list or two, and a few more attempts while
 * fixing a file; each import of 100,000 rows keeps the embedded database busy for ~3 s, so this
 * caps one account at a minute of it per hour (decision 014).
 */
const IMPORTS_PER_HOUR = { max: 20, windowMs: 60 * 60 * 1000 };

/** Counts one import by `user`, across instances, and refuses it with 429 beyond the limit. */
async function countImport(ctx: AppContext, user: SessionUser) {
  if (!ctx.config.rateLimit) return;
  await enforceLimit(
    ctx.db,
    `import ${user.id}`,
    IMPORTS_PER_HOUR,
    (wait) =>
      `You have imported ${IMPORTS_PER_HOUR.max} files in the last hour. Please try again in ${wait}.`,
  );
}

export const entryRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx;
  const mailing = { queue: ctx.mail, links: ctx.config };
  const writer = new EntryWriter((contestId, batch) =>
    insertEntries(db, contestId, batch, { byOwner: false, mailing }),
  );
  const submitEntry = createEntrySubmitter(ctx, writer);
  scheduleEntryHousekeeping(ctx);

  await app.register(multipart, {
    limits: { fileSize: CSV_IMPORT_MAX_BYTES, files: 1, fields: 10, parts: 12 },
  });

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

  await app.register(entryPageRoutes, { ctx, submitEntry, entryPages: createEntryPages(ctx) });

  // Public: what the entry form sends beside the fields (the page's HTML carries the same).
  app.get(
    '/api/contests/:contestId/entry-form',
    { schema: { params: contestParams } },
    async (request, reply): Promise<EntryFormSetup> => {
      const contest = await findContest(ctx, request.params.contestId);
      if (!contest || !isVisibleTo(request.user, contest)) throw contestNotFound();
      reply.header('cache-control', 'no-store');
      return describeEntryForm(ctx.config, contest.id);
    },
  );

  // Public: the double opt-in link's page (GET, which changes nothing) and its form's POST.
  await app.register(confirmPageRoutes, { ctx });
  // Public: confirms the entry of a double opt-in link's token, for scripts and the app. A POST:
  // opening a link must never confirm (mail scanners open links).
  app.post('/api/entries/confirm', { schema: { body: confirmBody } }, async (request) =>
    confirmEntry(ctx, request.body.token),
  );

  app.get(
    '/api/contests/:contestId/entries/summary',
    { schema: { params: contestParams } },
    async (request) => {
      const contest = await getManagedContest(ctx, request.params.contestId, requireUser(request));
      return summarizeEntries(ctx, contest);
    },
  );

  app.delete(
    '/api/contests/:contestId/entries/:entryId',
    { schema: { params: entryParams } },
    async (request, reply) => {
      const contest = await getManagedContest(ctx, request.params.contestId, requireUser(request));
      await removeEntry(ctx, contest, request.params.entryId);
      return reply.status(204).send();
    },
  );

  app.delete(
    '/api/contests/:contestId/entries/:entryId/flags/:flag',
    { schema: { params: flagParams } },
    async (request) => {
      const contest = await getManagedContest(ctx, request.params.contestId, requireUser(request));
      return clearEntryFlag(ctx, contest, request.params.entryId, request.params.flag);
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
      const contest = await getManagedContest(ctx, request.params.contestId, requireUser(request));
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

  app.post(
    '/api/contests/:contestId/entries/import',
    { schema: { params: contestParams } },
    async (request) => {
      const user = requireUser(request);
      const contest = await getManagedContest(ctx, request.params.contestId, user);
      if (!request.isMultipart()) {
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Upload the CSV file as multipart/form-data.');
      }
      await countImport(ctx, user);
      return importEntries(ctx, contest, await readCsvFile(request));
    },
  );

  app.get(
    '/api/contests/:contestId/entries/export',
    { schema: { params: contestParams } },
    async (request, reply) => {
      const user = requireUser(request);
      const contest = await getManagedContest(ctx, request.params.contestId, user);
      await recordEntriesExport(ctx, user, contest);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', exportFileName(contest.title))
        .header('cache-control', 'no-store')
        .send(exportEntriesCsv(db, contest));
    },
  );
};
