import { z } from 'zod';

/**
 * A contest's pictures (docs/product.md#contest-images): the cover photo and the owner's logo,
 * each stored as a few re-encoded renditions under content-hashed URLs.
 */

export const imageKinds = ['cover', 'logo'] as const;
export type ImageKind = (typeof imageKinds)[number];

/** What an upload may weigh, and how many pixels its header may declare. */
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const IMAGE_MAX_PIXELS = 40_000_000;

export const imageMessages = {
  notAnImage: 'This file is not a JPEG, PNG or WebP image.',
  unreadable: 'This image is damaged or cut short: it could not be read.',
  tooManyPixels: 'The image is too large: at most 40 megapixels.',
  tooLarge: 'The image is too large: the limit is 10 MB.',
  noFile: 'Choose an image to upload.',
  badKind: 'Choose cover or logo.',
  notMultipart: 'Upload the image as multipart/form-data.',
  noImage: 'This contest has no image of that kind.',
};

export const imageKind = z.enum(imageKinds, { error: imageMessages.badKind });

export const contestImageParams = z.object({ id: z.string().max(100), kind: imageKind });

export const renditionFormats = ['webp', 'avif', 'jpeg'] as const;
export type RenditionFormat = (typeof renditionFormats)[number];

/** One stored file of an image, as the contest row keeps it (`key`: `{sha256}.{ext}`). */
export type StoredRendition = {
  key: string;
  format: RenditionFormat;
  width: number;
  height: number;
  /** The 1200x630 crop that link previews show (og:image). */
  purpose?: 'share';
};

/** An image of a contest: its size after EXIF rotation, and its renditions. */
export type StoredImage = { width: number; height: number; renditions: StoredRendition[] };
export type StoredContestImages = Partial<Record<ImageKind, StoredImage>>;

/** Where a stored file is served: the URL changes whenever the bytes do. */
export const mediaUrl = (key: string) => `/media/${key}`;

/** The answer to an upload: the largest WebP rendition, and the picture's size. */
export const uploadedImage = z.object({ url: z.string(), width: z.number(), height: z.number() });
export type UploadedImage = z.infer<typeof uploadedImage>;

const rendition = z.object({
  url: z.string(),
  format: z.enum(renditionFormats),
  width: z.number(),
  height: z.number(),
  purpose: z.literal('share').optional(),
});

/** An image as a contest's JSON shows it: `url` as the upload answered, and every rendition. */
export const contestImage = uploadedImage.extend({ renditions: z.array(rendition) });
export type ContestImage = z.infer<typeof contestImage>;
export const contestImages = z.object({
  cover: contestImage.nullable(),
  logo: contestImage.nullable(),
});
export type ContestImages = z.infer<typeof contestImages>;

/** The largest WebP rendition (the widest screens' file), which every image has. */
export function largestWebp(image: StoredImage): StoredRendition {
  const webp = image.renditions.filter((file) => file.format === 'webp' && !file.purpose);
  return webp.reduce((largest, file) => (file.width > largest.width ? file : largest));
}

export function toUploadedImage(image: StoredImage): UploadedImage {
  return { url: mediaUrl(largestWebp(image).key), width: image.width, height: image.height };
}

/** A contest's stored images as its JSON shows them. */
export function toContestImages(images: StoredContestImages): ContestImages {
  const show = (image: StoredImage | undefined) =>
    image
      ? {
          ...toUploadedImage(image),
          renditions: image.renditions.map(({ key, ...file }) => ({ url: mediaUrl(key), ...file })),
        }
      : null;
  return { cover: show(images.cover), logo: show(images.logo) };
}
