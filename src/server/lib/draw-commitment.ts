import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { contests } from '#server/db/schema.ts';

/**
 * The draw's commitment (docs/draw-protocol.md#1-commit): 32 bytes from the CSPRNG, secret until
 * the first draw, and their SHA-256, public from the contest's first publication.
 */
export function createDrawSeed(): { drawSeed: string; seedHash: string } {
  const seed = randomBytes(32);
  return {
    drawSeed: seed.toString('hex'),
    seedHash: createHash('sha256').update(seed).digest('hex'),
  };
}

/**
 * The columns that commit a contest's draw when it goes live. Each keeps a value already there
 * (in SQL, not from a read), so two racing publications cannot replace a published commitment.
 */
export function commitDrawOnPublish() {
  const { drawSeed, seedHash } = createDrawSeed();
  return {
    drawSeed: sql`coalesce(${contests.drawSeed}, ${drawSeed})`,
    seedHash: sql`coalesce(${contests.seedHash}, ${seedHash})`,
    committedAt: sql`coalesce(${contests.committedAt}, now())`,
  };
}
