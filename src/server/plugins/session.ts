import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/errors.ts';
import {
  createSession,
  deleteSession,
  findSessionUser,
  type SessionUser,
} from '#server/features/auth/sessions.ts';
import { authMessages } from '#shared/messages.ts';

export const SESSION_COOKIE = 'pw_session';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the session hook; null when not signed in. */
    user: SessionUser | null;
  }
  interface FastifyInstance {
    /** APP_URL is https: browsers reach the app over https, whether or not the proxy is trusted. */
    servedOverHttps: boolean;
  }
}

/** Reads the session cookie on each request and loads its user from the database. */
export async function registerSessions(
  app: FastifyInstance,
  options: { db: Db; secret: string; appUrl: string },
) {
  await app.register(cookie, { secret: options.secret, hook: 'onRequest' });
  app.decorate('servedOverHttps', new URL(options.appUrl).protocol === 'https:');
  app.decorateRequest('user', null);
  // Before validation, so admin-only routes refuse strangers before reading their input.
  app.addHook('preValidation', async (request) => {
    const token = readSessionToken(request);
    if (token) request.user = await findSessionUser(options.db, token);
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    keepPersonalAnswerPrivate(request, reply);
    done(null, payload);
  });
}

/** For answers sent without the onSend hooks (the router's own refusals) as well. */
export function keepPersonalAnswerPrivate(request: FastifyRequest, reply: FastifyReply) {
  if (isPersonal(request, reply)) keepPrivate(reply);
}

const PRIVATE = 'private, no-store';
const sessionInCookieHeader = new RegExp(`(?:^|;)\\s*${SESSION_COOKIE}=`);

/**
 * An answer to a request with the session cookie, or one that hands it out (sign-in), may hold
 * that person's data. The raw header, not request.user: a refusal before the session is read
 * (the Origin check, a rate limit) or a session that has ended is still that browser's answer.
 */
function isPersonal(request: FastifyRequest, reply: FastifyReply): boolean {
  const cookies = request.headers.cookie;
  if (cookies !== undefined && sessionInCookieHeader.test(cookies)) return true;
  const setCookie = reply.getHeader('set-cookie');
  return setCookie !== undefined && String(setCookie).includes(`${SESSION_COOKIE}=`);
}

/**
 * No cache, shared or the browser's own, keeps a personal answer: a proxy that ignores cookies
 * would serve it to the next visitor, and a shared computer's back button to the next person.
 * A route's own no-store stays; so does a hashed asset's `immutable`, the same bytes for
 * everyone under a name that changes with them (unstored, every signed-in page load would
 * fetch the whole script again).
 */
function keepPrivate(reply: FastifyReply) {
  const current = reply.getHeader('cache-control');
  if (typeof current === 'string' && /\b(?:no-store|immutable)\b/.test(current)) return;
  void reply.header('cache-control', PRIVATE);
}

export function readSessionToken(request: FastifyRequest): string | null {
  const raw = request.cookies[SESSION_COOKIE];
  if (!raw) return null;
  const unsigned = request.unsignCookie(raw);
  return unsigned.valid ? unsigned.value : null;
}

/** Signs in with a brand-new session id (never reusing one the browser already had). */
export async function startSession(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
) {
  const previous = readSessionToken(request);
  if (previous) await deleteSession(db, previous);
  const session = await createSession(db, userId, {
    userAgent: request.headers['user-agent']?.slice(0, 300),
    ip: request.ip,
  });
  reply.setCookie(SESSION_COOKIE, session.token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: cookiesAreSecure(request),
    signed: true,
    expires: session.expiresAt,
  });
}

/** Cookies go over https only when browsers reach the app that way. */
export function cookiesAreSecure(request: FastifyRequest): boolean {
  return request.protocol === 'https' || request.server.servedOverHttps;
}

export async function endSession(db: Db, request: FastifyRequest, reply: FastifyReply) {
  const token = readSessionToken(request);
  if (token) await deleteSession(db, token);
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new AppError('UNAUTHORIZED', authMessages.unauthorized);
  return request.user;
}

/**
 * The signed-in admin. request.user is read from the database on this very request, so a demoted
 * or deactivated admin is refused at once.
 */
export function requireAdmin(request: FastifyRequest): SessionUser {
  const user = requireUser(request);
  if (user.role !== 'admin')
    throw new AppError('FORBIDDEN', 'Forbidden: admin access is required.');
  return user;
}
