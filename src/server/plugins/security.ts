import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '#server/errors.ts';

const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Cloudflare Turnstile's script and widget frame, allowed only when a CAPTCHA is configured. */
const TURNSTILE_ORIGIN = 'https://challenges.cloudflare.com';

/** Security headers, and a CSRF defence: browsers always name the page that sent a request. */
export async function registerSecurity(
  app: FastifyInstance,
  options: { appUrl: string; allowsCaptcha: boolean },
) {
  const captcha = options.allowsCaptcha ? [TURNSTILE_ORIGIN] : [];
  await app.register(helmet, {
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
  });

  // The API speaks JSON only. Fastify also parses text/plain by default, which would turn a
  // wrong content type into a confusing validation error (docs/product.md#errors promises 415),
  // and text/plain is a content type a cross-site form can send without a CORS preflight.
  app.removeContentTypeParser('text/plain');

  const appOrigin = new URL(options.appUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (!unsafeMethods.has(request.method)) return;
    const source = requestSourceOrigin(request);
    // No Origin nor Referer: not a browser (curl, server-to-server), so no CSRF risk.
    if (source === undefined) return;
    if (source === appOrigin || source === ownOrigin(request)) return;
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

/** The origin the browser used to reach us (host as sent, scheme as trusted). */
function ownOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}
