import { and, desc, eq, gt, isNull, notInArray, sql, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { emailTokens, type TokenPurpose } from '#server/db/schema.ts';
import { createRandomToken, hashToken } from '#server/lib/tokens.ts';

/**
 * Issues a single-use token. Of the user's earlier unused tokens of the same purpose, the newest
 * `keepLive - 1` stay valid and the rest are retired: a verification link is replaced by the next
 * one, while a stranger asking for a reset link cannot void the one the owner is about to open.
 */
export async function issueEmailToken(
  db: Db,
  userId: string,
  purpose: TokenPurpose,
  ttlMs: number,
  keepLive = 1,
): Promise<string> {
  const token = createRandomToken();
  await db.transaction(async (tx) => {
    const stillLive = tx
      .select({ id: emailTokens.id })
      .from(emailTokens)
      .where(
        and(
          eq(emailTokens.userId, userId),
          eq(emailTokens.purpose, purpose),
          isNull(emailTokens.usedAt),
          gt(emailTokens.expiresAt, sql`now()`),
        ),
      )
      .orderBy(desc(emailTokens.createdAt))
      .limit(keepLive - 1);
    await retireEmailTokens(tx, userId, purpose, stillLive);
    await tx.insert(emailTokens).values({
      userId,
      purpose,
      token: hashToken(token),
      expiresAt: new Date(Date.now() + ttlMs),
    });
  });
  return token;
}

/**
 * Retires the user's unused tokens of `purpose` but those `kept`: a password set another way
 * ends every pending reset.
 */
export async function retireEmailTokens(
  db: Db,
  userId: string,
  purpose: TokenPurpose,
  kept?: SQLWrapper,
): Promise<void> {
  await db
    .update(emailTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(emailTokens.userId, userId),
        eq(emailTokens.purpose, purpose),
        isNull(emailTokens.usedAt),
        kept ? notInArray(emailTokens.id, kept) : undefined,
      ),
    );
}

export type TokenCheck =
  { status: 'valid' | 'expired' | 'used'; userId: string } | { status: 'unknown' };

/** What a token is worth, without using it up. */
export async function inspectEmailToken(
  db: Db,
  token: string,
  purpose: TokenPurpose,
  onlyForUserId?: string,
): Promise<TokenCheck> {
  const [existing] = await db
    .select({
      userId: emailTokens.userId,
      usedAt: emailTokens.usedAt,
      isExpired: sql<boolean>`${emailTokens.expiresAt} <= now()`,
    })
    .from(emailTokens)
    .where(matchingToken(token, purpose, onlyForUserId))
    .limit(1);
  if (!existing) return { status: 'unknown' };
  const status = existing.usedAt ? 'used' : existing.isExpired ? 'expired' : 'valid';
  return { status, userId: existing.userId };
}

function matchingToken(token: string, purpose: TokenPurpose, onlyForUserId?: string) {
  return and(
    eq(emailTokens.token, hashToken(token)),
    eq(emailTokens.purpose, purpose),
    onlyForUserId ? eq(emailTokens.userId, onlyForUserId) : undefined,
  );
}

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
  const [consumed] = await db
    .update(emailTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        matchingToken(token, purpose, onlyForUserId),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: emailTokens.userId });
  if (consumed) return { status: 'valid', userId: consumed.userId };
  const check = await inspectEmailToken(db, token, purpose, onlyForUserId);
  // Valid a moment ago and not any more: another request used it first.
  return check.status === 'valid' ? { ...check, status: 'used' } : check;
}
