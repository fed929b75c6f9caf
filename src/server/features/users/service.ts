import { and, count, eq, sql } from 'drizzle-orm';
import type { DbContext } from '#server/context.ts';
import { users, type User, type UserRole } from '#server/db/schema.ts';
import { AppError } from '#server/errors.ts';
import { isUniqueViolation } from '#server/lib/db-errors.ts';
import { hashPassword } from '#server/lib/passwords.ts';

/** The user row of this address, compared as the unique index compares addresses. */
export const hasEmail = (email: string) =>
  eq(sql`lower(${users.email})`, email.trim().toLowerCase());

export function findUserByEmail({ db }: DbContext, email: string): Promise<User | undefined> {
  return db
    .select()
    .from(users)
    .where(hasEmail(email))
    .limit(1)
    .then((rows) => rows[0]);
}

export function findUserById({ db }: DbContext, id: string): Promise<User | undefined> {
  return db
    .select()
    .from(users)
    .where(eq(users.id, id))
    .limit(1)
    .then((rows) => rows[0]);
}

export async function getUserByEmail({ db }: DbContext, email: string): Promise<User> {
  const user = await findUserByEmail({ db }, email);
  if (!user) throw new AppError('NOT_FOUND', `No user with the email ${email}.`);
  return user;
}

/** An account created by an operator is trusted: verified from the start. */
export async function createVerifiedUser(
  { db }: DbContext,
  input: { email: string; password: string; firstName: string; lastName: string; role: UserRole },
): Promise<User> {
  try {
    const [user] = await db
      .insert(users)
      .values({
        email: input.email,
        passwordHash: await hashPassword(input.password),
        firstName: input.firstName,
        lastName: input.lastName,
        role: input.role,
        emailVerifiedAt: new Date(),
      })
      .returning();
    return user!;
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError('EMAIL_TAKEN', 'An account with this email already exists.');
    }
    throw error;
  }
}

export async function markEmailVerified({ db }: DbContext, userId: string): Promise<void> {
  await db
    .update(users)
    .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
    .where(eq(users.id, userId));
}

export function countActiveAdmins({ db }: DbContext): Promise<number> {
  return db
    .select({ value: count() })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.isActive, true)))
    .then((rows) => rows[0]?.value ?? 0);
}

/** Changes a role; the platform must always keep one active admin. */
export async function setUserRole({ db }: DbContext, user: User, role: UserRole): Promise<void> {
  if (user.role === 'admin' && role !== 'admin' && user.isActive) {
    if ((await countActiveAdmins({ db })) <= 1) {
      throw new AppError('LAST_ADMIN', 'The last admin cannot be removed.');
    }
  }
  await db.update(users).set({ role }).where(eq(users.id, user.id));
}
