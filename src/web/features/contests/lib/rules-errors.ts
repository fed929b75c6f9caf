import type { FieldError, FieldErrors, Resolver } from 'react-hook-form';
import type { ContestFormValues } from '#shared/contracts/contest-form.ts';

/**
 * The contract nests the official rules under `rules` (a country's error under
 * `rules.allowedCountries.0`); the form holds them as fields of its own. The form field that shows
 * an error at a contract path: "rules.sponsorName" is sponsorName, "rules" alone the switch,
 * "claimWindowMinutes" the amount typed; any other path is its first part.
 */
export function formFieldOfPath(path: string): string {
  const [head = '', nested] = path.split('.');
  if (head === 'rules') return nested ?? 'hasRules';
  return head === 'claimWindowMinutes' ? 'claimWindow' : head;
}

/** An error's own keys, beside which its nested errors sit. */
const ownKeys = new Set(['message', 'type', 'types', 'ref', 'root']);

/** The first message in an error tree (an array's errors are one per item). */
function firstMessage(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const { message } = error as { message?: unknown };
  if (typeof message === 'string') return message;
  for (const [key, inner] of Object.entries(error)) {
    const found = ownKeys.has(key) ? undefined : firstMessage(inner);
    if (found) return found;
  }
  return undefined;
}

/** The resolver's errors under `rules` go on the rules' own fields, as the server's do. */
export function rulesErrorsOnFields<Output>(
  resolver: Resolver<ContestFormValues, unknown, Output>,
): Resolver<ContestFormValues, unknown, Output> {
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    const { rules, ...errors } = result.errors as FieldErrors<ContestFormValues> & {
      rules?: Record<string, unknown> & { message?: string };
    };
    if (!rules) return result;
    const moved: Record<string, FieldError> = {};
    for (const [key, error] of Object.entries(rules)) {
      const message = ownKeys.has(key) ? undefined : firstMessage(error);
      if (message) moved[formFieldOfPath(`rules.${key}`)] = { type: 'custom', message };
    }
    if (typeof rules.message === 'string') {
      moved.hasRules = { type: 'custom', message: rules.message };
    }
    return { values: {}, errors: { ...errors, ...moved } as FieldErrors<ContestFormValues> };
  };
}
