import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CSV_IMPORT_MAX_BYTES } from '#shared/constants.ts';
import { validateEntry } from '#shared/contracts/entries.ts';
import type { AppContext } from '#server/context.ts';
import { AppError } from '#server/errors.ts';
import {
  canManage,
  findContest,
  contestNotFound,
  getManagedContest,
} from '#server/features/contests/service.ts';
import { requireUser } from '#server/plugins/session.ts';
import { EntryWriter } from './entry-writer.ts';
import { exportEntriesCsv } from './export-csv.ts';
import {
  ENTRY_PAGE_DEFAULT,
  ENTRY_PAGE_MAX,
  enterContest,
  exportFileName,
  importEntries,
  listEntriesPage,
} from './service.ts';

const contestParams = z.object({ contestId: z.string().max(100) });

/** The shared entry contract, as a schema for the route's validation and types. */
const enterContestBody = z.unknown().transform((value, context) => {
  const result = validateEntry(value);
  if (result.success) return result.data;
  for (const [field, message] of Object.entries(result.errors)) {
    context.addIssue({ code: 'custom', path: [field], message });
  }
  return z.NEVER;
});

const listQuery = z.object({
  // A NUL character cannot reach PostgreSQL as text: refused, not a 500.
  search: z
    .string()
    .max(200)
    .regex(/^[^\0]*$/, 'Invalid search')
    .optional(),
  limit: z.coerce.number().int().min(1).max(ENTRY_PAGE_MAX).default(ENTRY_PAGE_DEFAULT),
  /** `{entryDate ISO}_{id}` of the last entry already shown. */
  cursor: z
    .string()
    .regex(
      /^[^_]{1,40}_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
      'Invalid cursor',
    )
    .refine((value) => {
      // Entry dates lie between 1970 and 9999; outside that PostgreSQL refuses the value.
      const time = Date.parse(value.split('_')[0]!);
      return time >= 0 && time < Date.UTC(10_000, 0, 1);
    }, 'Invalid cursor')
    .optional()
    .transform((value) => {
      if (!value) return undefined;
      const [date, id] = value.split('_') as [string, string];
      return { entryDate: new Date(date), id };
    }),
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

export const entryRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx;
  const writer = new EntryWriter(db);

  await app.register(multipart, {
    limits: { fileSize: CSV_IMPORT_MAX_BYTES, files: 1, fields: 10, parts: 12 },
  });

  app.post(
    '/api/contests/:contestId/entries',
    { schema: { params: contestParams, body: enterContestBody } },
    async (request, reply) =>
      reply.status(201).send(await enterContest(writer, request.params.contestId, request.body)),
  );

  // Public: the entry page shows the count. A draft is visible to nobody but its owner.
  app.get(
    '/api/contests/:contestId/entries/count',
    { schema: { params: contestParams, response: { 200: z.object({ count: z.number() }) } } },
    async (request) => {
      const contest = await findContest(db, request.params.contestId);
      if (!contest || (contest.publishedAt === null && !canManage(request.user, contest))) {
        throw contestNotFound();
      }
      return { count: contest.entryCount };
    },
  );

  app.get(
    '/api/contests/:contestId/entries',
    { schema: { params: contestParams, querystring: listQuery } },
    async (request, reply) => {
      const contest = await getManagedContest(db, request.params.contestId, requireUser(request));
      const { search, limit, cursor } = request.query;
      const { entries, total } = await listEntriesPage(db, contest, { search, limit, cursor });
      // The list is the body (as the spec's call table has it); the total rides in a header.
      return reply.header('x-total-count', String(total)).send(entries);
    },
  );

  app.post(
    '/api/contests/:contestId/entries/import',
    { schema: { params: contestParams } },
    async (request) => {
      const contest = await getManagedContest(db, request.params.contestId, requireUser(request));
      if (!request.isMultipart()) {
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Upload the CSV file as multipart/form-data.');
      }
      return importEntries(db, contest, await readCsvFile(request));
    },
  );

  app.get(
    '/api/contests/:contestId/entries/export',
    { schema: { params: contestParams } },
    async (request, reply) => {
      const contest = await getManagedContest(db, request.params.contestId, requireUser(request));
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', exportFileName(contest.title))
        .header('cache-control', 'no-store')
        .send(exportEntriesCsv(db, contest));
    },
  );
};
