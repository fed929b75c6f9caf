import type { AppContext } from '#server/context.ts';
import type { SessionUser } from '#server/features/auth/sessions.ts';
import { enforceLimit } from '#server/plugins/rate-limit.ts';

/**
 * Image uploads per account per hour. An owner sets a cover and a logo, and tries a few photos
 * before one pleases them; each 12-megapixel photo takes about a second of the server's CPU
 * (decision 042), so this caps one account at half a minute of it per hour.
 */
export const IMAGE_UPLOADS_PER_HOUR = { max: 30, windowMs: 60 * 60 * 1000 };

/** Counts one upload by `user`, across instances, and refuses it with 429 beyond the limit. */
export async function countImageUpload(ctx: AppContext, user: SessionUser): Promise<void> {
  if (!ctx.config.rateLimit) return;
  await enforceLimit(
    ctx.db,
    `image-upload ${user.id}`,
    IMAGE_UPLOADS_PER_HOUR,
    (wait) =>
      `You have uploaded ${IMAGE_UPLOADS_PER_HOUR.max} images in the last hour. Please try again in ${wait}.`,
  );
}
