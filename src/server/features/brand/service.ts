import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbContext } from '#server/context.ts';
import type { Db } from '#server/db/client.ts';
import { contests, users } from '#server/db/schema.ts';
import { AppError } from '#server/errors.ts';
import type { SessionUser } from '#server/features/auth/sessions.ts';
import {
  applyBrandChange,
  toBrandFields,
  type AccountBrand,
  type accountBrandBody,
  type StoredAccountBrand,
} from '#shared/contracts/brand.ts';
import { toUploadedImage } from '#shared/contracts/contest-images.ts';

/** The account's brand as the account page reads it. */
export function toAccountBrand(brand: StoredAccountBrand): AccountBrand {
  return { ...toBrandFields(brand), logo: brand.logo ? toUploadedImage(brand.logo) : null };
}

/** The account's brand, its row locked until the transaction ends. */
export async function lockAccountBrand(tx: Db, userId: string): Promise<StoredAccountBrand> {
  const [row] = await tx
    .select({ brand: users.brand })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  if (!row) throw new AppError('UNAUTHORIZED', 'Please sign in again.');
  return row.brand;
}

/**
 * Writes the account's brand, and its copy on every contest of the account in the same
 * transaction: a contest's readers (its page, its mails, its preview card) read the copy, so
 * none shows a brand the account no longer has (decision 044).
 */
export async function writeAccountBrand(
  tx: Db,
  userId: string,
  brand: StoredAccountBrand,
): Promise<void> {
  await tx.update(users).set({ brand }).where(eq(users.id, userId));
  await tx.update(contests).set({ ownerBrand: brand }).where(eq(contests.ownerId, userId));
}

/** The copy of the account's brand a new contest starts with. */
export async function readAccountBrand(db: Db, userId: string): Promise<StoredAccountBrand> {
  const [row] = await db.select({ brand: users.brand }).from(users).where(eq(users.id, userId));
  return row?.brand ?? {};
}

export async function getAccountBrand({ db }: DbContext, user: SessionUser): Promise<AccountBrand> {
  return toAccountBrand(await readAccountBrand(db, user.id));
}

/** Changes the account's brand fields: a field left out keeps its value, null clears it. */
export function updateAccountBrand(
  { db }: DbContext,
  user: SessionUser,
  change: z.output<typeof accountBrandBody>,
): Promise<AccountBrand> {
  return db.transaction(async (tx) => {
    const next = applyBrandChange(await lockAccountBrand(tx, user.id), change);
    await writeAccountBrand(tx, user.id, next);
    return toAccountBrand(next);
  });
}
