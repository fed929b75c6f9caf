import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import type { AppContext } from '#server/context.ts';
import { contestNotFound, findContest, isVisibleTo } from '#server/features/contests/service.ts';
import { IMMUTABLE_CACHE_CONTROL } from '#server/lib/immutable-cache.ts';
import {
  renderShareCard,
  shareCardOf,
  shareCardPath,
  shareCardVersion,
} from '#server/lib/share-card.ts';

const cardParams = z.object({ contestId: z.string().max(100), file: z.string().max(100) });

/**
 * Cards made, by version: a shared link is fetched by every chat app its message reaches, and
 * rendering one costs about 50 ms of CPU; a card is 50 KB, so 200 of them hold 10 MB at most.
 */
const CARDS_HELD = 200;

/**
 * The picture a contest without a cover shows in link previews (docs/product.md#contest-images),
 * rendered once per version and held; an address of an earlier version leads to the current one.
 */
export const shareCardRoute: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const cards = new LRUCache<string, Promise<Buffer>>({ max: CARDS_HELD });

  app.get(
    '/c/:contestId/share-card/:file',
    { schema: { params: cardParams } },
    async (request, reply) => {
      const contest = await findContest(ctx, request.params.contestId);
      if (!contest || !isVisibleTo(null, contest)) throw contestNotFound();
      const content = shareCardOf(contest);
      const version = shareCardVersion(content);
      if (request.params.file !== `${version}.png`) {
        return reply.redirect(shareCardPath(contest.id, content), 302);
      }
      let card = cards.get(version);
      if (!card) {
        card = renderShareCard(content);
        cards.set(version, card);
        // A failed rendering is not kept: the next request tries again.
        card.catch(() => cards.delete(version));
      }
      return reply
        .header('cache-control', IMMUTABLE_CACHE_CONTROL)
        .header('content-type', 'image/png')
        .send(await card);
    },
  );
};
