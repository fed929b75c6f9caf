/** Drizzle wraps driver errors; the SQLSTATE sits on the error or its cause. */
export function sqlState(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 3 && current && typeof current === 'object'; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export function isUniqueViolation(error: unknown): boolean {
  return sqlState(error) === '23505';
}

const unavailableCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND', // the database's host name does not resolve (DNS, or its record being replaced)
  'EAI_AGAIN',
  '53300', // too_many_connections: the server's or the role's connection limit
  // object_not_in_prerequisite_state: a database not accepting connections (ALLOW_CONNECTIONS
  // false during maintenance). Also a few misuses (currval before nextval) that no query here
  // makes; their log line still names the code.
  '55000',
  '57P01', // admin_shutdown: the server is stopping
  '57P02', // crash_shutdown: the server is restarting after a crash
  '57P03', // cannot_connect_now: starting up, or in recovery
  '57014', // query_canceled: statement_timeout, the database is overloaded
]);

/**
 * What the pg driver says, without a code, when the connection is lost or never answers. A lost
 * connection also fails the transaction's ROLLBACK, whose error then replaces the first one.
 */
const unavailableMessages =
  /Connection terminated|not queryable|Query read timeout|timeout exceeded when trying to connect|PGlite is closed|Cannot use a pool after calling end/i;

/** True when the database cannot be reached, as opposed to a query that is wrong. */
export function isDatabaseUnavailable(error: unknown): boolean {
  const code = sqlState(error);
  if (code && (unavailableCodes.has(code) || code.startsWith('08'))) return true;
  const message = error instanceof Error ? `${error.message} ${String(error.cause ?? '')}` : '';
  return unavailableMessages.test(message);
}

/**
 * Why the database could not be reached, for the log: the driver's code and its own message.
 * Never Drizzle's message, which quotes the failed query and its parameters (entrants' names and
 * e-mails).
 */
export function describeUnavailability(error: unknown): { code?: string; reason?: string } {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  const reason = cause instanceof Error ? cause.message : undefined;
  return { code: sqlState(error), reason: reason?.startsWith('Failed query') ? undefined : reason };
}
