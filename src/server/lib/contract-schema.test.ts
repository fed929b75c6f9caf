import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { validateEntry } from '#shared/contracts/entries.ts';
import { contractSchema, validateRequestPart } from './contract-schema.ts';

const route = (schema: z.ZodType) => ({ schema, method: 'POST', url: '/', httpPart: 'body' });

describe('route schemas checked by a contract’s own function', () => {
  it('calls the contract itself and answers its value', () => {
    const read = vi.fn(validateEntry);
    const validate = validateRequestPart(route(contractSchema(read)));
    expect(validate({ name: ' Maya ', email: 'maya@example.com' })).toEqual({
      value: { name: 'Maya', email: 'maya@example.com' },
    });
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('refuses with one issue per field, as zod’s schema of the same contract does', () => {
    const schema = contractSchema(validateEntry);
    const refusal = validateRequestPart(route(schema))({ name: '', email: 'nope' }) as {
      error: { instancePath: string; message: string }[];
    };
    expect(refusal.error.map(({ instancePath, message }) => ({ instancePath, message }))).toEqual([
      { instancePath: '/name', message: 'Full name is required' },
      { instancePath: '/email', message: 'Please enter a valid email address' },
    ]);
    const viaZod = schema.safeParse({ name: '', email: 'nope' });
    expect(viaZod.error?.issues.map(({ path, message }) => ({ path, message }))).toEqual([
      { path: ['name'], message: 'Full name is required' },
      { path: ['email'], message: 'Please enter a valid email address' },
    ]);
  });

  it('leaves every other schema to zod', () => {
    const validate = validateRequestPart(route(z.object({ id: z.string().max(3) })));
    expect(validate({ id: 'abc' })).toEqual({ value: { id: 'abc' } });
    expect(validate({ id: 'abcd' })).toHaveProperty('error');
  });
});
