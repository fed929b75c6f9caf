import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { AppError } from '#server/errors.ts';

const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Cloudflare Turnstile's script and widget frame, allowed only when a CAPTCHA is configured. */
const TURNSTILE_ORIGIN = 'https://challenges.cloudflare.com';

/** Security headers, and a CSRF defence: browsers always name the page that sent a request. */
export async function registerSecurity(
  app: FastifyInstance,
  options: { appUrl: string; allowedOrigins: readonly string[]; allowsCaptcha: boolean },
) {
  const captcha = options.allowsCaptcha ? [TURNSTILE_ORIGIN] : [];
  const headers = helmetHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...captcha],
        frameSrc: ["'self'", ...captcha],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        // Upgrading would break plain-http local installs; HTTPS deployments get HSTS instead.
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // Not helmet's no-referrer: under it a browser sends `Origin: null` with a plain form's POST,
    // and the origin check below would refuse the entry form without JavaScript. Other sites
    // still learn nothing (a friend's code stays in our own requests).
    referrerPolicy: { policy: 'same-origin' },
  });
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });

  // The API speaks JSON only. Fastify also parses text/plain by default, which would turn a
  // wrong content type into a confusing validation error (docs/product.md#errors promises 415),
  // and text/plain is a content type a cross-site form can send without a CORS preflight.
  app.removeContentTypeParser('text/plain');

  // Never the request's own Host (or X-Forwarded-Host): whoever sends the request writes it, and
  // a check that compares two values of the sender's choosing checks nothing
  // (docs/decisions/003-origin-check.md).
  const trustedOrigins = new Set([new URL(options.appUrl).origin, ...options.allowedOrigins]);
  app.addHook('onRequest', async (request) => {
    if (!unsafeMethods.has(request.method)) return;
    const source = requestSourceOrigin(request);
    // No Origin nor Referer: not a browser (curl, server-to-server), so no CSRF risk.
    if (source === undefined) return;
    if (trustedOrigins.has(source)) return;
    throw new AppError('FORBIDDEN', 'Forbidden: cross-site request refused.');
  });
}

function requestSourceOrigin(request: FastifyRequest): string | undefined {
  const origin = request.headers.origin;
  if (origin) return origin;
  const referer = request.headers.referer;
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return 'invalid';
  }
}

/**
 * The headers helmet sets for `options`, computed once (docs/decisions/020-per-request-work.md):
 * none of ours varies by request (no nonces), and building them per request (the Fastify plugin
 * parses the policy's directives for every request) cost the entry route ~10% of its CPU.
 */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number) {
      headers[name.toLowerCase()] = String(value);
    },
    // Helmet removes X-Powered-By, which Fastify never sets.
    removeHeader() {},
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, () => {});
  return headers;
}
