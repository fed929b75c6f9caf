import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import type { Database } from './db/client.ts';
import { adminRoutes } from './features/admin/routes.ts';
import { authRoutes } from './features/auth/routes.ts';
import { brandRoutes } from './features/brand/routes.ts';
import { claimRoutes } from './features/claims/routes.ts';
import { contestRoutes } from './features/contests/routes.ts';
import { drawRoutes } from './features/draws/routes.ts';
import { entryRoutes } from './features/entries/routes.ts';
import { healthRoutes } from './features/health/routes.ts';
import { imageRoutes } from './features/images/routes.ts';
import { landingRoutes } from './features/landing/routes.ts';
import { meRoutes } from './features/me/routes.ts';
import { rulesRoutes } from './features/rules/routes.ts';
import { JobQueue } from './jobs/job-queue.ts';
import { BackgroundTasks } from './lib/background-tasks.ts';
import { validateRequestPart } from './lib/contract-schema.ts';
import { createDbClock } from './lib/db-clock.ts';
import { createRequestLogger } from './lib/request-logger.ts';
import { createMailQueue } from './mail/mail-queue.ts';
import { createMailTransport, type MailTransport } from './mail/transport.ts';
import { registerClient } from './plugins/client.ts';
import { answerFrameworkError, registerErrorHandler } from './plugins/error-handler.ts';
import { registerRateLimits } from './plugins/rate-limit.ts';
import { registerSecurity } from './plugins/security.ts';
import { registerSessions } from './plugins/session.ts';

export type BuildAppOptions = {
  config: Config;
  database: Database;
  /** Replaces the configured transport (tests). */
  mailTransport?: MailTransport;
  clientDir?: string;
  /** Called for every route as it is registered (the authorization-matrix test lists them). */
  onRoute?: (route: { method: string; url: string }) => void;
  /** Where log lines go instead of stdout (tests read what the log would hold). */
  logStream?: { write(line: string): void };
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Mails and lookups that run after their request has been answered. */
    backgroundTasks: BackgroundTasks;
    /** The durable queue: mails, deadlines, housekeeping (decision 028). */
    jobs: JobQueue;
    /** What the services take: tests and scripts call a service as a route would. */
    appContext: AppContext;
  }
}

/**
 * A claim link's token rides in the API's path (`/api/claims/{token}`, docs/product.md#claims):
 * whoever reads it could claim or decline a winner's prize, so the log names the route only.
 */
const withoutPathTokens = (path: string) =>
  path.replace(/^\/api\/claims\/[^/]*/, '/api/claims/[token]');

/**
 * A request's log line without its query string: reset and verification tokens ride in URLs,
 * and a log is read by more people than a mailbox (decision 013).
 */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: withoutPathTokens(request.url.split('?', 1)[0]!),
    host: request.host,
    remoteAddress: request.ip,
  };
}

/** Mails in flight at SIGTERM get this long to finish (SMTP's timeouts fit inside it). */
export const JOBS_SHUTDOWN_GRACE_MS = 10_000;

const defaultClientDir = fileURLToPath(new URL('../../dist/client', import.meta.url));

/** Builds the whole app without listening: plugins first, then feature routes. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: {
      level: config.logLevel,
      serializers: { req: serializeRequest },
      ...(options.logStream ? { stream: options.logStream } : {}),
      // Readable lines for a person at a terminal; JSON for log collectors.
      ...(config.env !== 'production' && process.stdout.isTTY && !options.logStream
        ? { transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname' } } }
        : {}),
    },
    // A hop count trusts that many proxies nearest the server: the address the outermost of them
    // appended is the client's, whatever the client wrote to the left of it.
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    bodyLimit: 256 * 1024,
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming)
        ? incoming
        : randomUUID();
    },
    requestTimeout: 30_000,
    frameworkErrors: answerFrameworkError,
    childLoggerFactory: createRequestLogger,
  });
  // Lets a user's bug report name the exact log lines of their request.
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.setValidatorCompiler(validateRequestPart);
  app.setSerializerCompiler(serializerCompiler);

  const backgroundTasks = new BackgroundTasks(app.log);
  app.decorate('backgroundTasks', backgroundTasks);
  const jobs = new JobQueue(database.jobDatabase, app.log);
  app.decorate('jobs', jobs);
  const mailTransport =
    options.mailTransport ??
    createMailTransport({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      appUrl: config.appUrl,
      maxConnections: config.smtpMaxConnections,
      log: app.log,
      logLinks: config.mailLogLinks,
    });
  const clock = createDbClock(database.db, app.log);
  const mail = createMailQueue({
    db: database.db,
    jobs,
    transport: mailTransport,
    log: app.log,
    appUrl: config.appUrl,
    vacuumsMails: database.kind === 'pglite',
  });
  const ctx: AppContext = {
    db: database.db,
    config,
    log: app.log,
    tasks: backgroundTasks,
    jobs,
    mail,
    clock,
  };
  app.decorate('appContext', ctx);
  // Every job kind is defined while the routes register; the workers start once all are.
  app.addHook('onReady', () => jobs.start());
  app.addHook('onReady', async () => mail.sender.start());
  app.addHook('onReady', () => clock.start());
  // Closing waits for the lookups of requests already answered (they queue mails), then lets the
  // mails in flight finish and leaves the rest queued, before the database closes.
  app.addHook('onClose', async () => {
    clock.stop();
    await backgroundTasks.idle();
    await Promise.all([
      jobs.stop(JOBS_SHUTDOWN_GRACE_MS),
      mail.sender.stop(JOBS_SHUTDOWN_GRACE_MS),
    ]);
    mailTransport.close();
  });

  const { onRoute } = options;
  if (onRoute) {
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) onRoute({ method, url: route.url });
    });
  }
  registerErrorHandler(app);
  await registerSecurity(app, {
    appUrl: config.appUrl,
    allowedOrigins: config.allowedOrigins,
    allowsCaptcha: config.captcha !== null,
  });
  await app.register(compress, { threshold: 1024 });
  if (config.rateLimit) await registerRateLimits(app, { db: database.db });
  await registerSessions(app, {
    db: database.db,
    secret: config.sessionSecret,
    appUrl: config.appUrl,
  });
  const clientDir = options.clientDir ?? defaultClientDir;
  await registerClient(app, { clientDir });

  await app.register(healthRoutes, { ctx });
  await app.register(landingRoutes);
  await app.register(authRoutes, { ctx });
  await app.register(contestRoutes, { ctx });
  await app.register(rulesRoutes, { ctx });
  await app.register(brandRoutes, { ctx });
  await app.register(imageRoutes, { ctx });
  await app.register(entryRoutes, { ctx });
  await app.register(drawRoutes, { ctx });
  await app.register(claimRoutes, { ctx });
  await app.register(meRoutes, { ctx });
  await app.register(adminRoutes, { ctx });
  return app;
}
