import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '#server/context.ts';
import { AppError } from '#server/errors.ts';
import { recordEntriesExport } from '#server/features/admin/service.ts';
import type { SessionUser } from '#server/features/auth/sessions.ts';
import { getManagedContest } from '#server/features/contests/service.ts';
import { enforceLimit } from '#server/plugins/rate-limit.ts';
import { requireUser } from '#server/plugins/session.ts';
import { CSV_IMPORT_MAX_BYTES } from '#shared/constants.ts';
import {
  importColumns,
  importMessages,
  type ImportColumns,
} from '#shared/contracts/entry-import.ts';
import { contestParams } from '../core/route-params.ts';
import { exportEntriesCsv, exportFileName } from './export-csv.ts';
import { importEntries } from './import-entries.ts';

/** The owner's choice of columns (the field `columns`, JSON), when the form sent one. */
function chosenColumns(field: unknown): ImportColumns | undefined {
  if (field === undefined) return undefined;
  const value = (field as { type?: unknown; value?: unknown }).value;
  let parsed: unknown;
  try {
    parsed = typeof value === 'string' ? JSON.parse(value) : undefined;
  } catch {
    parsed = undefined;
  }
  const columns = importColumns.safeParse(parsed);
  if (!columns.success) throw new AppError('BAD_REQUEST', importMessages.badColumns);
  return columns.data;
}

/**
 * The bytes of the uploaded csvFile, and the columns chosen for it (a field sent before the
 * file). Busboy reports a malformed form (no boundary, a body cut short) as a plain Error
 * without a code: the client's mistake, so a 400 rather than a 500.
 */
async function readCsvFile(
  request: FastifyRequest,
): Promise<{ csv: Buffer; columns?: ImportColumns }> {
  try {
    const file = await request.file();
    if (!file || file.fieldname !== 'csvFile') {
      throw new AppError('BAD_REQUEST', 'Choose a CSV file to import (form field csvFile).');
    }
    if (!/\.csv$/i.test(file.filename)) {
      file.file.resume();
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Only .csv files can be imported.');
    }
    const columns = chosenColumns(file.fields.columns);
    return { csv: await file.toBuffer(), ...(columns ? { columns } : {}) };
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

/** Files in and out: a CSV import of entries and the CSV export (multipart read here only). */
export const transferRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  await app.register(multipart, {
    limits: { fileSize: CSV_IMPORT_MAX_BYTES, files: 1, fields: 10, parts: 12 },
  });

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
        .send(exportEntriesCsv(ctx.db, contest));
    },
  );
};
