import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '#server/context.ts';
import { AppError } from '#server/errors.ts';
import { getManagedContest } from '#server/features/contests/service.ts';
import { IMMUTABLE_CACHE_CONTROL } from '#server/lib/immutable-cache.ts';
import { requireUser } from '#server/plugins/session.ts';
import {
  contestImageParams,
  IMAGE_MAX_BYTES,
  uploadedImage,
} from '#shared/contracts/contest-images.ts';
import { deleteAccountLogo, uploadAccountLogo } from './account-logo.ts';
import { readImageUpload } from './read-image-upload.ts';
import {
  deleteContestImage,
  readMediaFile,
  sweepUnusedMedia,
  uploadContestImage,
} from './service.ts';
import { shareCardRoute } from './share-card-route.ts';
import { countImageUpload } from './upload-limit.ts';

const idParams = z.object({ id: z.string().max(100) });
const mediaParams = z.object({ key: z.string().max(100) });
/** `{sha256}.{ext}`: anything else names no file. */
const MEDIA_KEY = /^([0-9a-f]{64})\.(?:webp|avif|jpg)$/;

/** A contest's cover and logo, and the files they are served from (multipart read here only). */
export const imageRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  await app.register(multipart, {
    limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 4, parts: 5 },
  });

  await app.register(shareCardRoute, { ctx });

  // A deleted contest's files stay until this finds no contest naming them.
  ctx.jobs.every({
    name: 'media-unused-sweep',
    cron: '29 4 * * *',
    run: () => sweepUnusedMedia(ctx),
  });

  app.post(
    '/api/contests/:id/images',
    { schema: { params: idParams, response: { 201: uploadedImage } } },
    async (request, reply) => {
      // The owner is checked before the file is read: a stranger's upload costs nothing.
      const user = requireUser(request);
      const contest = await getManagedContest(ctx, request.params.id, user);
      await countImageUpload(ctx, user);
      const upload = await readImageUpload(request);
      return reply.status(201).send(await uploadContestImage(ctx, contest, upload));
    },
  );

  app.post(
    '/api/account/brand/logo',
    { schema: { response: { 201: uploadedImage } } },
    async (request, reply) => {
      const user = requireUser(request);
      await countImageUpload(ctx, user);
      const { bytes } = await readImageUpload(request, { kind: 'logo' });
      return reply.status(201).send(await uploadAccountLogo(ctx, user, bytes));
    },
  );

  app.delete('/api/account/brand/logo', async (request, reply) => {
    await deleteAccountLogo(ctx, requireUser(request));
    return reply.status(204).send();
  });

  app.delete(
    '/api/contests/:id/images/:kind',
    { schema: { params: contestImageParams } },
    async (request, reply) => {
      const { id, kind } = request.params;
      await deleteContestImage(ctx, requireUser(request), id, kind);
      return reply.status(204).send();
    },
  );

  app.get('/media/:key', { schema: { params: mediaParams } }, async (request, reply) => {
    const hash = MEDIA_KEY.exec(request.params.key)?.[1];
    const file = hash && (await readMediaFile(ctx, request.params.key));
    if (!file) throw new AppError('NOT_FOUND', 'No such file.');
    const etag = `"${hash}"`;
    void reply.header('cache-control', IMMUTABLE_CACHE_CONTROL).header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    return reply.header('content-type', file.contentType).send(file.bytes);
  });
};
