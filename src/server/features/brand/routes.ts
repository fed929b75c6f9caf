import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '#server/context.ts';
import { requireUser } from '#server/plugins/session.ts';
import { accountBrand, accountBrandBody } from '#shared/contracts/brand.ts';
import { getAccountBrand, updateAccountBrand } from './service.ts';

/** The account's brand fields (docs/product.md#the-owners-brand); its logo is an image route. */
export const brandRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/api/account/brand', { schema: { response: { 200: accountBrand } } }, (request) =>
    getAccountBrand(ctx, requireUser(request)),
  );

  app.put(
    '/api/account/brand',
    { schema: { body: accountBrandBody, response: { 200: accountBrand } } },
    (request) => updateAccountBrand(ctx, requireUser(request), request.body),
  );
};
