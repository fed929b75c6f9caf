import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions } from 'pino';

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/** Fastify's parent logger is pino's, which can tell whether a level is written. */
type ParentLogger = FastifyBaseLogger & { isLevelEnabled?: (level: string) => boolean };

/**
 * A request's logger that makes its pino child on the first line it writes. Pino serialises a
 * child's bindings (the request id) when the child is made, so Fastify's child per request is
 * formatting done for every request although, at the production level, most requests write no
 * line at all (decision 024). Lines that are written are the child's, request id and all.
 */
class RequestLogger implements FastifyBaseLogger {
  #parent: ParentLogger;
  #bindings: Bindings;
  #child: FastifyBaseLogger | undefined;

  constructor(parent: ParentLogger, bindings: Bindings) {
    this.#parent = parent;
    this.#bindings = bindings;
  }

  get level() {
    return (this.#child ?? this.#parent).level;
  }

  set level(level: string) {
    this.#made().level = level;
  }

  fatal(...args: unknown[]) {
    this.#write('fatal', args);
  }

  error(...args: unknown[]) {
    this.#write('error', args);
  }

  warn(...args: unknown[]) {
    this.#write('warn', args);
  }

  info(...args: unknown[]) {
    this.#write('info', args);
  }

  debug(...args: unknown[]) {
    this.#write('debug', args);
  }

  trace(...args: unknown[]) {
    this.#write('trace', args);
  }

  silent() {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#made().child(bindings, options);
  }

  #made(): FastifyBaseLogger {
    this.#child ??= this.#parent.child(this.#bindings);
    return this.#child;
  }

  #write(level: Level, args: unknown[]) {
    if (!this.#child && this.#parent.isLevelEnabled?.(level) === false) return;
    (this.#made()[level] as (...line: unknown[]) => void)(...args);
  }
}

/**
 * Fastify's `childLoggerFactory`. A route with a level or serialisers of its own gets pino's
 * child at once, as Fastify would make it.
 */
export function createRequestLogger(
  parent: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  if (options.level !== undefined || options.serializers !== undefined) {
    return parent.child(bindings, options);
  }
  return new RequestLogger(parent, bindings);
}
