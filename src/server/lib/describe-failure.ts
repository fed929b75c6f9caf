/**
 * What a log may say about an unexpected error. Messages from the database, the mail relay and
 * other I/O quote data: Drizzle's "Failed query" carries every parameter of the statement (a
 * failed entry batch holds up to 500 names and e-mails), PostgreSQL's detail repeats the
 * conflicting key, a relay names the refused address. So the log gets each error's class, its
 * codes and where it happened, and a message only from programming errors, whose messages
 * describe code rather than data (decision 013).
 */
export type FailureDescription = {
  errors: Array<{
    class: string;
    code?: string;
    constraint?: string;
    table?: string;
    column?: string;
    routine?: string;
    message?: string;
  }>;
  stack?: string;
};

const programmingErrors = new Set([
  'TypeError',
  'RangeError',
  'ReferenceError',
  'SyntaxError',
  'AssertionError',
]);

const MAX_CAUSES = 5;
const MAX_FRAMES = 12;

function stringField(value: object, key: string): string | undefined {
  const field = (value as Record<string, unknown>)[key];
  return typeof field === 'string' || typeof field === 'number' ? String(field) : undefined;
}

/** The stack's frames without its first line, which repeats the message. */
function framesOf(error: Error): string | undefined {
  const frames = (error.stack ?? '')
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .slice(0, MAX_FRAMES);
  return frames.length > 0 ? frames.map((line) => line.trim()).join('\n') : undefined;
}

export function describeFailure(error: unknown): FailureDescription {
  const errors: FailureDescription['errors'] = [];
  let current: unknown = error;
  for (let depth = 0; depth < MAX_CAUSES && current && typeof current === 'object'; depth += 1) {
    const className = current.constructor?.name ?? 'Object';
    const entry: FailureDescription['errors'][number] = { class: className };
    for (const key of ['code', 'constraint', 'table', 'column', 'routine'] as const) {
      const value = stringField(current, key);
      if (value !== undefined) entry[key] = value;
    }
    if (current instanceof Error && programmingErrors.has(current.name)) {
      entry.message = current.message;
    }
    errors.push(entry);
    current = (current as { cause?: unknown }).cause;
  }
  if (errors.length === 0) errors.push({ class: typeof error });
  const stack = error instanceof Error ? framesOf(error) : undefined;
  return stack ? { errors, stack } : { errors };
}
