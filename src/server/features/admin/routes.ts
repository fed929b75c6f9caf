import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '#server/context.ts';
import { requireAdmin } from '#server/plugins/session.ts';
import {
  adminAuditItem,
  adminAuditQuery,
  adminContestListItem,
  adminContestListQuery,
  adminContestParams,
  adminDrawListItem,
  adminListQuery,
  adminMessages,
  adminStats,
  adminUserActionResponse,
  adminUserChangeResponse,
  adminUserListItem,
  adminUserParams,
  inspectResponse,
  resetUserPasswordBody,
  setUserRoleBody,
  setUserStatusBody,
  temporaryPasswordResponse,
  testEmailBody,
  testEmailResponse,
  TOTAL_COUNT_HEADER,
  verifyEmailDirectBody,
} from '#shared/contracts/admin.ts';
import { messageResponse } from '#shared/contracts/auth.ts';
import {
  mailQueueResponse,
  mailRetryParams,
  mailRetryResponse,
} from '#shared/contracts/mail-queue.ts';
import { getMailQueue, retryAllFailedMails, retryFailedMail } from './mail-queue.ts';
import {
  changeUserRole,
  changeUserStatus,
  deleteAnyContest,
  getAdminStats,
  listAdminActions,
  listContests,
  listDrawHistory,
  listUsers,
  resetPasswordDirectly,
  sendTestEmail,
  setTemporaryPassword,
  verifyEmailDirectly,
} from './service.ts';

/** The /api/admin/*, /api/database/* and /api/auth/verify-manual calls: admins only. */
export const adminRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // Every route of this plugin, present and future, refuses non-admins before reading its input.
  app.addHook('preValidation', async (request) => {
    requireAdmin(request);
  });
  // Answers name users and, once, a password: never kept by a browser or proxy cache.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get('/api/admin/stats', { schema: { response: { 200: adminStats } } }, async () =>
    getAdminStats(ctx),
  );

  app.get(
    '/api/admin/users',
    { schema: { querystring: adminListQuery, response: { 200: z.array(adminUserListItem) } } },
    async (request, reply) => {
      const { items, total } = await listUsers(ctx, request.query);
      // The page is the body (as docs/product.md#api has it); the total rides in a header.
      return reply.header(TOTAL_COUNT_HEADER, String(total)).send(items);
    },
  );

  app.get(
    '/api/admin/contests',
    {
      schema: {
        querystring: adminContestListQuery,
        response: { 200: z.array(adminContestListItem) },
      },
    },
    async (request, reply) => {
      const { items, total } = await listContests(ctx, request.query);
      return reply.header(TOTAL_COUNT_HEADER, String(total)).send(items);
    },
  );

  app.get(
    '/api/admin/draws',
    { schema: { querystring: adminListQuery, response: { 200: z.array(adminDrawListItem) } } },
    async (request, reply) => {
      const { items, total } = await listDrawHistory(ctx, request.query);
      return reply.header(TOTAL_COUNT_HEADER, String(total)).send(items);
    },
  );

  app.patch(
    '/api/admin/users/:userId/role',
    {
      schema: {
        params: adminUserParams,
        body: setUserRoleBody,
        response: { 200: adminUserChangeResponse },
      },
    },
    async (request) => {
      const user = await changeUserRole(
        ctx,
        requireAdmin(request),
        request.params.userId,
        request.body.role,
      );
      return { message: adminMessages.roleUpdated(user.email, user.role), user };
    },
  );

  app.patch(
    '/api/admin/users/:userId/status',
    {
      schema: {
        params: adminUserParams,
        body: setUserStatusBody,
        response: { 200: adminUserChangeResponse },
      },
    },
    async (request) => {
      const user = await changeUserStatus(
        ctx,
        requireAdmin(request),
        request.params.userId,
        request.body.isActive,
      );
      return { message: adminMessages.statusUpdated(user.email, user.isActive), user };
    },
  );

  app.post(
    '/api/admin/users/:userId/temporary-password',
    { schema: { params: adminUserParams, response: { 200: temporaryPasswordResponse } } },
    async (request) => {
      const { user, temporaryPassword } = await setTemporaryPassword(
        ctx,
        requireAdmin(request),
        request.params.userId,
      );
      return {
        message: adminMessages.temporaryPassword(user.email),
        user: { email: user.email },
        temporaryPassword,
      };
    },
  );

  app.delete(
    '/api/admin/contests/:id',
    { schema: { params: adminContestParams, response: { 200: messageResponse } } },
    async (request) => {
      await deleteAnyContest(ctx, requireAdmin(request), request.params.id);
      return { message: adminMessages.contestDeleted };
    },
  );

  // Two paths, one operation: the admin panel and the production verify page call different ones.
  for (const url of ['/api/admin/verify-email-direct', '/api/auth/verify-manual']) {
    app.post(
      url,
      { schema: { body: verifyEmailDirectBody, response: { 200: adminUserActionResponse } } },
      async (request) => {
        const user = await verifyEmailDirectly(ctx, requireAdmin(request), request.body.email);
        return { message: adminMessages.emailVerified(user.email), user: { email: user.email } };
      },
    );
  }

  // Likewise the admin password reset page and the database reset page.
  for (const url of ['/api/admin/reset-user-password', '/api/database/reset-password']) {
    app.post(
      url,
      { schema: { body: resetUserPasswordBody, response: { 200: adminUserActionResponse } } },
      async (request) => {
        const user = await resetPasswordDirectly(ctx, requireAdmin(request), request.body);
        return { message: adminMessages.passwordReset(user.email), user: { email: user.email } };
      },
    );
  }

  app.post(
    '/api/admin/test-email',
    { schema: { body: testEmailBody, response: { 200: testEmailResponse } } },
    async (request) => sendTestEmail(ctx, requireAdmin(request), request.body.email),
  );

  app.get('/api/admin/mail-queue', { schema: { response: { 200: mailQueueResponse } } }, async () =>
    getMailQueue(ctx),
  );

  app.post(
    '/api/admin/mail-queue/retry-failed',
    { schema: { response: { 200: mailRetryResponse } } },
    async () => retryAllFailedMails(ctx),
  );

  app.post(
    '/api/admin/mail-queue/:mailId/retry',
    { schema: { params: mailRetryParams, response: { 200: mailRetryResponse } } },
    async (request) => retryFailedMail(ctx, request.params.mailId),
  );

  app.get(
    '/api/database/inspect',
    { schema: { querystring: adminListQuery, response: { 200: inspectResponse } } },
    async (request) => {
      const { items, total } = await listUsers(ctx, request.query);
      return { users: items, totalUsers: total };
    },
  );

  app.get(
    '/api/admin/audit',
    { schema: { querystring: adminAuditQuery, response: { 200: z.array(adminAuditItem) } } },
    async (request) => listAdminActions(ctx, request.query.limit),
  );
};
