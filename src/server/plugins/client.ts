import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { AppError, statusByCode } from '#server/errors.ts';
import { IMMUTABLE_CACHE_CONTROL } from '#server/lib/immutable-cache.ts';
import type { ErrorBody } from '#shared/errors.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The built index.html, for routes that add to it (share previews); null without a build. */
    clientIndexHtml: string | null;
  }
}

/** The built index.html, for a route that renders a page into it; without a build there is none. */
export function builtIndexHtml(app: FastifyInstance): string {
  if (!app.clientIndexHtml) throw new AppError('NOT_FOUND', 'The client is not built.');
  return app.clientIndexHtml;
}

/**
 * The app shell's "needs JavaScript" line is for the screens that do (owners', admins'); the
 * pages the server renders into the shell (the entry page, the confirmation link's page, the
 * landing page) work without it, and must not say otherwise.
 */
function withoutScriptNotice(indexHtml: string): string {
  return indexHtml.replace(/\s*<noscript data-needs-javascript>[\s\S]*?<\/noscript>/, '');
}

/**
 * Serves the built client: hashed assets cached forever (pre-compressed .br/.gz when present),
 * index.html revalidated, and index.html for every client route.
 */
export async function registerClient(app: FastifyInstance, options: { clientDir: string }) {
  const { clientDir } = options;
  const indexFile = path.join(clientDir, 'index.html');
  const hasClient = existsSync(indexFile);
  app.decorate(
    'clientIndexHtml',
    hasClient ? withoutScriptNotice(readFileSync(indexFile, 'utf8')) : null,
  );
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDir,
      preCompressed: true,
      wildcard: false,
      index: false,
      setHeaders(res, filePath) {
        const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('Cache-Control', isHashedAsset ? IMMUTABLE_CACHE_CONTROL : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isPageRequest =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !pathname.startsWith('/api/') &&
      !pathname.startsWith('/assets/');
    if (isPageRequest && hasClient) {
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    const body: ErrorBody = {
      message: `Not found: ${request.method} ${pathname}`,
      code: 'NOT_FOUND',
    };
    return reply.status(statusByCode.NOT_FOUND).send(body);
  });
}
