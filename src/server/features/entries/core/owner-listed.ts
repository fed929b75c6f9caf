import { isNull } from 'drizzle-orm';
import { contestEntries } from '#server/db/schema.ts';

/**
 * The entries the owner's list, summary and export show: all but those withdrawn after the
 * freeze, whose rows stay only for their leaves in the public record
 * (docs/product.md#your-entries-me).
 */
export const isOwnerListed = isNull(contestEntries.withdrawnAt);
