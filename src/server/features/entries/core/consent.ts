import { sql } from 'drizzle-orm';
import { contestEntries } from '#server/db/schema.ts';

/**
 * When the entrant gave their marketing consent, while it stands: null when never given or
 * withdrawn since (docs/product.md#marketing-consent). A new expression per call: a caller may
 * alias it or give it a decoder.
 */
export const standingConsentAt = () =>
  sql<Date | null>`case when ${contestEntries.consentWithdrawnAt} is null then ${contestEntries.consentAt} end`;
