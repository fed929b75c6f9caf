import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '#server/context.ts';
import { AppError } from '#server/errors.ts';
import { firstText, pageWithoutApp } from '#server/lib/page-without-app.ts';
import { builtIndexHtml } from '#server/plugins/client.ts';
import { formatContestDate } from '#shared/contest-date.ts';
import {
  officialRulesMessages,
  rulesVersionsResponse,
  type RulesPageView,
} from '#shared/contracts/official-rules.ts';
import { renderRulesPage } from '#web/app/render-on-server.tsx';
import { listRulesVersions, readRulesVersion } from './service.ts';

const idParams = z.object({ id: z.string().max(100) });
const contestIdParams = z.object({ contestId: z.string().max(100) });
const versionQuery = z.object({ version: z.unknown().optional() });

/** A version number's largest: far beyond any contest's edits, and a safe integer. */
const VERSION_PATTERN = /^[1-9]\d{0,8}$/;

/** `?version=N`: null without one; a value that is no version number names none (404). */
function requestedVersion(value: unknown): number | null {
  if (value === undefined) return null;
  const text = firstText(value);
  if (!VERSION_PATTERN.test(text)) {
    throw new AppError('NOT_FOUND', officialRulesMessages.noSuchVersion);
  }
  return Number(text);
}

/**
 * The official rules (docs/product.md#official-rules): the page and the exact text of a version,
 * for anyone once the contest is published, and every version as JSON.
 */
export const rulesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/contests/:id/rules',
    { schema: { params: idParams, response: { 200: rulesVersionsResponse } } },
    async (request) => ({ versions: await listRulesVersions(ctx, request.params.id) }),
  );

  app.get(
    '/c/:contestId/rules.txt',
    { schema: { params: contestIdParams, querystring: versionQuery } },
    async (request, reply) => {
      const { contestId } = request.params;
      const { rules } = await readRulesVersion(
        ctx,
        contestId,
        requestedVersion(request.query.version),
      );
      // The stored text, byte for byte: its SHA-256 is the one the API and draw records give.
      return reply
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(rules.text);
    },
  );

  /** The page, or the reason there is none, in the page's own frame (a 404 is a page too). */
  async function viewOf(contestId: string, version: unknown): Promise<RulesPageView> {
    try {
      const found = await readRulesVersion(ctx, contestId, requestedVersion(version));
      return {
        kind: 'rules',
        contestId,
        contestTitle: found.contest.title,
        version: found.rules.version,
        publishedOn: formatContestDate(found.rules.publishedAt, found.contest.timeZone),
        currentVersion: found.currentVersion,
        text: found.rules.text,
      };
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'NOT_FOUND') throw error;
      // A refusal about the rules is of a contest anyone may see: the page leads back to it.
      const isAboutRules = (Object.values(officialRulesMessages) as string[]).includes(
        error.message,
      );
      return {
        kind: 'missing',
        contestId: isAboutRules ? contestId : null,
        message: error.message,
      };
    }
  }

  app.get(
    '/c/:contestId/rules',
    { schema: { params: contestIdParams, querystring: versionQuery } },
    async (request, reply) => {
      const template = builtIndexHtml(app);
      const view = await viewOf(request.params.contestId, request.query.version);
      const title =
        view.kind === 'rules' ? `Official rules — ${view.contestTitle}` : 'Official rules';
      return reply
        .status(view.kind === 'rules' ? 200 : 404)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(pageWithoutApp(template, { title, markup: await renderRulesPage(view) }));
    },
  );
};
