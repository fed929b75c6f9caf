import { z } from 'zod';

/**
 * Every id we issue is a UUID. Text that is not one (a typo, a probe, a path trick) names no
 * record: it is answered as "not found", never sent to a uuid column for the database to refuse.
 */
const uuidSchema = z.uuid();

export function isUuid(value: string): boolean {
  return uuidSchema.safeParse(value).success;
}
