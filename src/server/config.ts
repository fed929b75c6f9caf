import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

const flagValues = z.enum(['on', 'off', 'true', 'false', '1', '0']);
const isOn = (value: string) => value === 'on' || value === 'true' || value === '1';
const booleanFlag = (defaultValue: 'on' | 'off') =>
  flagValues.default(defaultValue).transform(isOn);
/** Unset means "the default for this NODE_ENV", decided after parsing. */
const optionalFlag = flagValues.optional().transform((value) => value && isOn(value));

/** A proxy address: an IPv4 or IPv6 address, optionally with a CIDR prefix length. */
function isProxyAddress(value: string): boolean {
  const [address = '', prefix, ...rest] = value.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits <= (version === 4 ? 32 : 128);
}

/**
 * Which hops may tell us the client's address: none, a number of proxies in front of the server,
 * or the proxies' own addresses. Never "every hop": then the client's own X-Forwarded-For
 * decides its address, and every forged value is a fresh rate-limit bucket (decision 012).
 */
const trustProxySetting = z
  .string()
  .default('off')
  .transform((value, context): TrustProxy => {
    const setting = value.trim().toLowerCase();
    if (['off', 'false', '0'].includes(setting)) return false;
    if (['on', 'true'].includes(setting)) return 1;
    if (/^\d+$/.test(setting)) {
      const hops = Number(setting);
      if (hops <= 10) return hops;
    } else {
      const proxies = setting.split(',').map((entry) => entry.trim());
      if (proxies.every(isProxyAddress)) return proxies;
    }
    context.addIssue({
      code: 'custom',
      message:
        'must be off, on (one proxy), a number of proxies (1 to 10), or a comma-separated list of proxy addresses or CIDR ranges',
    });
    return z.NEVER;
  });

/**
 * Origins besides APP_URL's whose pages may send unsafe requests (docs/decisions/003-origin-check.md),
 * as browsers serialise them in `Origin`: scheme, host and a port other than the default.
 */
const originList = z
  .string()
  .default('')
  .transform((value, context): string[] => {
    const origins: string[] = [];
    for (const entry of value.split(',').map((item) => item.trim())) {
      if (!entry) continue;
      // Scheme and host only: a path, a query, credentials or a wildcard means the operator meant
      // something the check does not do, better said at start-up than by a 403 later.
      const url = /^https?:\/\/[^/?#@*\s]+\/?$/i.test(entry) ? URL.parse(entry) : null;
      if (!url) {
        context.addIssue({
          code: 'custom',
          message: `must be an http(s) origin such as https://giveaways.example (scheme, host and port only), not "${entry}"`,
        });
        return z.NEVER;
      }
      origins.push(url.origin);
    }
    return origins;
  });

/** `false`, a hop count, or the trusted proxies' addresses (Fastify's trustProxy). */
export type TrustProxy = false | number | string[];

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(5000),
    HOST: z.string().min(1).default('0.0.0.0'),
    APP_URL: z.url().optional(),
    ALLOWED_ORIGINS: originList,
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
    DATA_DIR: z.string().min(1).default('./data'),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
    MAIL_FROM: z.string().min(3).default('Prizewheel <no-reply@prizewheel.local>'),
    // Sockets to the relay per instance (docs/decisions/028-durable-mail-queue.md).
    SMTP_MAX_CONNECTIONS: z.coerce.number().int().min(1).max(50).default(5),
    ADMIN_EMAILS: z.string().default(''),
    SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    RATE_LIMIT: booleanFlag('on'),
    TRUST_PROXY: trustProxySetting,
    MAIL_LOG_LINKS: optionalFlag,
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    // A drand HTTP endpoint and the chain hash it must serve (docs/draw-protocol.md#3).
    DRAW_BEACON_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
    DRAW_BEACON_CHAIN: z
      .string()
      .regex(/^[0-9a-f]{64}$/, 'must be the chain hash: 64 lowercase hexadecimal characters')
      .optional(),
    // Domains that pass the throwaway-address check whatever the maintained list says.
    EMAIL_DOMAIN_ALLOWLIST: z.string().default(''),
    // Cloudflare Turnstile on the entry form, when both are set (docs/product.md#trusted-leads).
    TURNSTILE_SITE_KEY: z.string().max(200).optional(),
    TURNSTILE_SECRET: z.string().max(200).optional(),
    TURNSTILE_VERIFY_URL: z
      .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
      .default('https://challenges.cloudflare.com/turnstile/v0/siteverify'),
  })
  .superRefine((env, ctx) => {
    if (Boolean(env.TURNSTILE_SITE_KEY) !== Boolean(env.TURNSTILE_SECRET)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.TURNSTILE_SITE_KEY ? 'TURNSTILE_SECRET' : 'TURNSTILE_SITE_KEY'],
        message: 'is required with the other: the CAPTCHA needs both its site key and its secret',
      });
    }
    if (Boolean(env.DRAW_BEACON_URL) !== Boolean(env.DRAW_BEACON_CHAIN)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.DRAW_BEACON_URL ? 'DRAW_BEACON_CHAIN' : 'DRAW_BEACON_URL'],
        message: 'is required with the other: the beacon needs both its URL and its chain hash',
      });
    }
    if (env.NODE_ENV === 'production' && env.DATABASE_URL && !env.SESSION_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['SESSION_SECRET'],
        message:
          'is required when NODE_ENV=production and DATABASE_URL is set (every instance must share it)',
      });
    }
  });

/** The server's settings as the code reads them, derived from the environment's values. */
const configSchema = envSchema.transform((values) => {
  const dataDir = path.resolve(values.DATA_DIR);
  return {
    env: values.NODE_ENV,
    port: values.PORT,
    host: values.HOST,
    appUrl: (values.APP_URL ?? `http://localhost:${values.PORT}`).replace(/\/+$/, ''),
    allowedOrigins: values.ALLOWED_ORIGINS,
    databaseUrl: values.DATABASE_URL,
    dataDir,
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM,
    smtpMaxConnections: values.SMTP_MAX_CONNECTIONS,
    adminEmails: parseLowercaseList(values.ADMIN_EMAILS),
    sessionSecret: values.SESSION_SECRET ?? readOrCreateSecret(dataDir),
    rateLimit: values.RATE_LIMIT,
    trustProxy: values.TRUST_PROXY,
    // Whether the outbox prints mails' links (with their tokens) to the log: a developer without
    // SMTP needs the links; a production log must not hold live tokens.
    mailLogLinks: values.MAIL_LOG_LINKS ?? values.NODE_ENV !== 'production',
    logLevel: values.LOG_LEVEL,
    drawBeacon:
      values.DRAW_BEACON_URL && values.DRAW_BEACON_CHAIN
        ? { url: values.DRAW_BEACON_URL.replace(/\/+$/, ''), chain: values.DRAW_BEACON_CHAIN }
        : null,
    emailDomainAllowList: parseLowercaseList(values.EMAIL_DOMAIN_ALLOWLIST),
    captcha:
      values.TURNSTILE_SITE_KEY && values.TURNSTILE_SECRET
        ? {
            siteKey: values.TURNSTILE_SITE_KEY,
            secret: values.TURNSTILE_SECRET,
            verifyUrl: values.TURNSTILE_VERIFY_URL,
          }
        : null,
  };
});

export type Config = z.output<typeof configSchema>;

export class ConfigError extends Error {}

/** Parses the environment once at start-up and refuses to start on a bad value, naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const blankAsUnset = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = configSchema.safeParse(blankAsUnset);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `  ${issue.path.join('.') || 'environment'}: ${issue.message}`)
      .join('\n');
    throw new ConfigError(`Invalid configuration:\n${problems}`);
  }
  return parsed.data;
}

/** A comma-separated list of e-mails or domains, compared in lower case. */
function parseLowercaseList(list: string): ReadonlySet<string> {
  return new Set(
    list
      .split(',')
      .map((item) => item.trim().toLowerCase())
      .filter(Boolean),
  );
}

/**
 * A generated secret survives restarts so sessions do too. Two servers starting together on a
 * fresh DATA_DIR must end up with the same secret: it is written to a file of its own and linked
 * into place, which fails if the other got there first (whose complete secret is then read).
 */
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(draft, randomBytes(48).toString('base64url'), { mode: 0o600 });
    try {
      linkSync(draft, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      rmSync(draft, { force: true });
    }
    return readFileSync(file, 'utf8').trim();
  }
}
