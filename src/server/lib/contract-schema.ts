import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** What a shared contract's own check returns (validateEntry's shape). */
export type ContractReading<T> =
  { success: true; data: T } | { success: false; errors: Partial<Record<string, string>> };

type ContractRead = (value: unknown) => ContractReading<unknown>;

const contractReads = new WeakMap<z.ZodType, ContractRead>();

/**
 * A route schema for a contract that is checked by a plain function (the entry contract: the
 * public page loads it and cannot afford a schema library). The route gets the zod type it is
 * typed by; at run time `validateRequestPart` calls `read` itself, without zod's parse around it
 * (decision 024). Both paths run the same function, so they cannot disagree.
 */
export function contractSchema<T>(read: (value: unknown) => ContractReading<T>): z.ZodType<T> {
  const schema = z.unknown().transform((value, context): T => {
    const reading = read(value);
    if (reading.success) return reading.data;
    for (const [field, message] of Object.entries(reading.errors)) {
      context.addIssue({ code: 'custom', path: [field], message });
    }
    return z.NEVER;
  });
  contractReads.set(schema, read);
  return schema;
}

/**
 * The app's validator compiler: a contract schema's own function, zod for every other schema.
 * A refusal carries one issue per field, as zod's do, for the error handler's field messages.
 */
export const validateRequestPart: FastifySchemaCompiler<z.ZodType> = (route) => {
  const read = contractReads.get(route.schema);
  if (!read) return zodValidatorCompiler(route);
  return (value) => {
    const reading = read(value);
    if (reading.success) return { value: reading.data };
    const issues = Object.entries(reading.errors).map(([field, message]) => ({
      keyword: 'custom',
      instancePath: `/${field}`,
      schemaPath: `#/${field}/custom`,
      params: {},
      message,
    }));
    return { error: issues };
  };
};
