/** Drizzle wraps driver errors; the SQLSTATE sits on the error or its cause. */
function sqlState(error: unknown): string | undefined {
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
  '57P01',
  '57P03',
]);

/** True when the database cannot be reached, as opposed to a query that is wrong. */
export function isDatabaseUnavailable(error: unknown): boolean {
  const code = sqlState(error);
  if (code && (unavailableCodes.has(code) || code.startsWith('08'))) return true;
  const message = error instanceof Error ? `${error.message} ${String(error.cause ?? '')}` : '';
  return /Connection terminated|timeout exceeded when trying to connect|PGlite is closed/i.test(
    message,
  );
}
