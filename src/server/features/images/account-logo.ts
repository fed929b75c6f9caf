import type { DbContext } from '#server/context.ts';
import { AppError } from '#server/errors.ts';
import type { SessionUser } from '#server/features/auth/sessions.ts';
import { lockAccountBrand, writeAccountBrand } from '#server/features/brand/service.ts';
import { lockMediaWrites } from '#server/lib/media-store.ts';
import { brandMessages, type StoredAccountBrand } from '#shared/contracts/brand.ts';
import { toUploadedImage, type UploadedImage } from '#shared/contracts/contest-images.ts';
import { prepareImage, releaseFiles, storeFiles } from './service.ts';

/**
 * The account's logo (docs/product.md#the-owners-brand), which every contest of the account shows
 * unless it has a logo of its own: the same renditions as a contest's logo, named by the account.
 */
export async function uploadAccountLogo(
  { db }: DbContext,
  user: SessionUser,
  bytes: Buffer,
): Promise<UploadedImage> {
  const { image, files } = await prepareImage(bytes, 'logo');
  await db.transaction(async (tx) => {
    await lockMediaWrites(tx);
    const brand = await lockAccountBrand(tx, user.id);
    await storeFiles(tx, files);
    await writeAccountBrand(tx, user.id, { ...brand, logo: image });
    await releaseFiles(tx, brand.logo);
  });
  return toUploadedImage(image);
}

/** Takes the account's logo away; 404 when it has none. */
export async function deleteAccountLogo({ db }: DbContext, user: SessionUser): Promise<void> {
  await db.transaction(async (tx) => {
    await lockMediaWrites(tx);
    const { logo, ...rest }: StoredAccountBrand = await lockAccountBrand(tx, user.id);
    if (!logo) throw new AppError('NOT_FOUND', brandMessages.noLogo);
    await writeAccountBrand(tx, user.id, rest);
    await releaseFiles(tx, logo);
  });
}
