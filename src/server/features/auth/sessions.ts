import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { sessions, users, type User } from '#server/db/schema.ts';
import { createRandomToken, hashToken } from '#server/lib/tokens.ts';
import { SESSION_TTL_MS } from '#shared/constants.ts';

export type SessionUser = Pick<User, 'id' | 'email' | 'firstName' | 'lastName' | 'role'>;

/** A new random session; its token goes in the cookie, its hash in the table. */
export async function createSession(
  db: Db,
  userId: string,
  client: { userAgent?: string; ip?: string },
): Promise<{ token: string; expiresAt: Date }> {
  const token = createRandomToken();
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  await db.insert(sessions).values({ tokenHash: hashToken(token), userId, client, expiresAt });
  // Housekeeping on a path that is already writing: drop this user's stale sessions.
  await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), lt(sessions.expiresAt, new Date())));
  return { token, expiresAt };
}

/** The signed-in user, read fresh on every request so role and status changes apply at once. */
export async function findSessionUser(db: Db, token: string): Promise<SessionUser | null> {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      role: users.role,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, hashToken(token)),
        gt(sessions.expiresAt, sql`now()`),
        eq(users.isActive, true),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function deleteSession(db: Db, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}

export async function deleteUserSessions(db: Db, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/** Deletes every expired session (an index range scan on expires_at); returns how many. */
export async function purgeExpiredSessions(db: Db): Promise<number> {
  const deleted = await db
    .delete(sessions)
    .where(lt(sessions.expiresAt, sql`now()`))
    .returning({ userId: sessions.userId });
  return deleted.length;
}
