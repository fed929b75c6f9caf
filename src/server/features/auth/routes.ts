import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '#server/context.ts';
import type { User } from '#server/db/schema.ts';
import { endSession, requireUser, startSession } from '#server/plugins/session.ts';
import {
  currentUser,
  emailOnlyBody,
  loginBody,
  manualResetBody,
  messageResponse,
  resetPasswordBody,
  signupBody,
  verifyEmailBody,
  verifyEmailQuery,
} from '#shared/contracts/auth.ts';
import { authMessages } from '#shared/messages.ts';
import { rememberDevice, requesterOf } from './known-devices.ts';
import {
  logIn,
  requestPasswordReset,
  resendVerification,
  resetPassword,
  resetPasswordManually,
  signUp,
  verifyEmail,
} from './service.ts';
import { purgeExpiredSessions } from './sessions.ts';

/** Guessing and flooding targets: a person never needs more than this. */
const authRateLimit = { rateLimit: { max: 10, timeWindow: '1 minute' } };

export const authRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  /** The browser proved `user`'s password: it is signed in, and known to that account from now. */
  async function signIn(request: FastifyRequest, reply: FastifyReply, user: User) {
    await startSession(ctx.db, request, reply, user.id);
    rememberDevice(request, reply, ctx.config.sessionSecret, user);
  }

  /** The browser proved `user`'s mailbox and set a new password: signed out, but known. */
  async function afterReset(request: FastifyRequest, reply: FastifyReply, user: User) {
    // The browser that resets is not signed in as anyone any more.
    await endSession(ctx.db, request, reply);
    rememberDevice(request, reply, ctx.config.sessionSecret, user);
    return { message: authMessages.passwordReset };
  }

  // Sign-in drops a user's own stale sessions; this drops those of users who never come back.
  ctx.jobs.every({
    name: 'sessions-housekeeping',
    cron: '23 * * * *',
    run: async () => {
      const purged = await purgeExpiredSessions(ctx.db);
      if (purged > 0) ctx.log.info({ purged }, 'expired sessions purged');
    },
  });
  app.get('/api/login', async (_request, reply) => reply.redirect('/login'));

  app.get('/api/auth/user', { schema: { response: { 200: currentUser } } }, async (request) =>
    requireUser(request),
  );

  app.post(
    '/api/auth/signup',
    { schema: { body: signupBody, response: { 201: messageResponse } }, config: authRateLimit },
    async (request, reply) => {
      await signUp(ctx, request.body, reply);
      return reply.status(201).send({ message: authMessages.signupSuccess });
    },
  );

  // Links mailed before verification asked for the password land on the page that asks it.
  app.get(
    '/api/auth/verify-email',
    { schema: { querystring: verifyEmailQuery }, config: authRateLimit },
    async (request, reply) =>
      reply.redirect(`/verify-email?token=${encodeURIComponent(request.query.token ?? '')}`),
  );

  app.post(
    '/api/auth/verify-email',
    {
      schema: { body: verifyEmailBody, response: { 200: z.object({ user: currentUser }) } },
      config: authRateLimit,
    },
    async (request, reply) => {
      const user = await verifyEmail(ctx, request.body, requesterOf(request));
      await signIn(request, reply, user);
      return { user };
    },
  );

  app.post(
    '/api/auth/resend-verification',
    { schema: { body: emailOnlyBody, response: { 200: messageResponse } }, config: authRateLimit },
    async (request, reply) => {
      await resendVerification(ctx, request.body, reply);
      return { message: authMessages.verificationSent };
    },
  );

  app.post(
    '/api/auth/login',
    {
      schema: { body: loginBody, response: { 200: z.object({ user: currentUser }) } },
      config: authRateLimit,
    },
    async (request, reply) => {
      const user = await logIn(ctx, request.body, requesterOf(request));
      await signIn(request, reply, user);
      return { user };
    },
  );

  app.post(
    '/api/auth/logout',
    { schema: { response: { 200: messageResponse } } },
    async (request, reply) => {
      await endSession(ctx.db, request, reply);
      return { message: authMessages.loggedOut };
    },
  );

  app.post(
    '/api/auth/forgot-password',
    { schema: { body: emailOnlyBody, response: { 200: messageResponse } }, config: authRateLimit },
    async (request, reply) => {
      await requestPasswordReset(ctx, request.body, 'link', reply, requesterOf(request));
      return { message: authMessages.resetLinkSent };
    },
  );

  app.post(
    '/api/auth/request-reset-token',
    { schema: { body: emailOnlyBody, response: { 200: messageResponse } }, config: authRateLimit },
    async (request, reply) => {
      await requestPasswordReset(ctx, request.body, 'token', reply, requesterOf(request));
      return { message: authMessages.resetTokenSent };
    },
  );

  app.post(
    '/api/auth/reset-password',
    {
      schema: { body: resetPasswordBody, response: { 200: messageResponse } },
      config: authRateLimit,
    },
    async (request, reply) => afterReset(request, reply, await resetPassword(ctx, request.body)),
  );

  app.post(
    '/api/auth/manual-reset',
    {
      schema: { body: manualResetBody, response: { 200: messageResponse } },
      config: authRateLimit,
    },
    async (request, reply) =>
      afterReset(request, reply, await resetPasswordManually(ctx, request.body)),
  );
};
