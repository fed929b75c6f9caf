import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { emailTokens, type TokenPurpose } from '#server/db/schema.ts';
import { createRandomToken, hashToken } from '#server/lib/tokens.ts';

/** Issues a single-use token and retires the user's earlier unused ones of the same purpose. */
export async function issueEmailToken(
  db: Db,
  userId: string,
  purpose: TokenPurpose,
  ttlMs: number,
): Promise<string> {
  const token = createRandomToken();
  await db.transaction(async (tx) => {
    await tx
      .update(emailTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(emailTokens.userId, userId),
          eq(emailTokens.purpose, purpose),
          isNull(emailTokens.usedAt),
        ),
      );
    await tx.insert(emailTokens).values({
      userId,
      purpose,
      token: hashToken(token),
      expiresAt: new Date(Date.now() + ttlMs),
    });
  });
  return token;
}

export type TokenCheck =
  { status: 'valid' | 'expired' | 'used'; userId: string } | { status: 'unknown' };

/**
 * Marks the token used if it is valid. The conditional UPDATE is the single-use guarantee:
 * two requests racing with one token cannot both succeed.
 */
export async function consumeEmailToken(
  db: Db,
  token: string,
  purpose: TokenPurpose,
  onlyForUserId?: string,
): Promise<TokenCheck> {
  const hashed = hashToken(token);
  const matchesToken = and(
    eq(emailTokens.token, hashed),
    eq(emailTokens.purpose, purpose),
    onlyForUserId ? eq(emailTokens.userId, onlyForUserId) : undefined,
  );
  const [consumed] = await db
    .update(emailTokens)
    .set({ usedAt: new Date() })
    .where(and(matchesToken, isNull(emailTokens.usedAt), gt(emailTokens.expiresAt, sql`now()`)))
    .returning({ userId: emailTokens.userId });
  if (consumed) return { status: 'valid', userId: consumed.userId };

  const [existing] = await db
    .select({ userId: emailTokens.userId, usedAt: emailTokens.usedAt })
    .from(emailTokens)
    .where(matchesToken)
    .limit(1);
  if (!existing) return { status: 'unknown' };
  return { status: existing.usedAt ? 'used' : 'expired', userId: existing.userId };
}
