import sharp, { type Sharp } from 'sharp';
import { AppError } from '#server/errors.ts';
import {
  IMAGE_MAX_PIXELS,
  imageMessages,
  type ImageKind,
  type RenditionFormat,
  type RenditionPurpose,
} from '#shared/contracts/contest-images.ts';
import { sniffImageType } from './image-type.ts';

// libvips caches recent operations with their pixels for pipelines that repeat; every upload is
// a new image, so the cache would only hold memory.
// eslint-disable-next-line import-x/no-named-as-default-member -- sharp is CommonJS: its named `cache` is undefined under ESM
sharp.cache(false);

export type RenderedFile = {
  format: RenditionFormat;
  width: number;
  height: number;
  bytes: Buffer;
  purpose?: RenditionPurpose;
};
export type RenderedImage = { width: number; height: number; files: RenderedFile[] };

/** The widths of a cover's renditions, each never wider than the photo itself. */
const COVER_WIDTHS = [640, 1080, 1600];
/** A logo's squares. */
const LOGO_SIZES = [128, 256];
/** What link previews show (og:image, twitter:card summary_large_image). */
const SHARE_SIZE = { width: 1200, height: 630 };

/**
 * Decoding options for a file from anyone: the pixel count its header declares is checked before
 * any pixel is decoded (a small PNG can declare 20000x20000), damaged or cut-short pixel data
 * fails instead of coming out grey, and the EXIF orientation is applied (the tag then goes with
 * the rest of the metadata, which no output keeps).
 */
const UNTRUSTED_INPUT = {
  limitInputPixels: IMAGE_MAX_PIXELS,
  failOn: 'error',
  autoOrient: true,
} as const;

const invalidImage = (message: string) => new AppError('INVALID_IMAGE', message);

/** libvips' refusal of a header that declares more than `limitInputPixels`, or `otherwise`. */
const refusalOf = (error: unknown, otherwise: string) =>
  /pixel limit/i.test(String(error)) ? imageMessages.tooManyPixels : otherwise;

/**
 * The picture's size after rotation, once its first bytes and libvips' reading of its header
 * agree that it is a JPEG, PNG or WebP of at most 40 megapixels. Nothing is decoded yet.
 */
async function readHeader(bytes: Buffer): Promise<{ width: number; height: number }> {
  const sniffed = sniffImageType(bytes);
  if (!sniffed) throw invalidImage(imageMessages.notAnImage);
  // limitInputPixels refuses here already, from the header's width and height.
  const metadata = await sharp(bytes, UNTRUSTED_INPUT)
    .metadata()
    .catch((error: unknown) => {
      throw invalidImage(refusalOf(error, imageMessages.notAnImage));
    });
  if (metadata.format !== sniffed) throw invalidImage(imageMessages.notAnImage);
  return metadata.autoOrient;
}

/** sRGB pixels, 8 bits a channel, with no metadata: what every rendition is encoded from. */
async function decodePixels(pipeline: Sharp): Promise<Sharp> {
  const { data, info } = await pipeline
    .toColourspace('srgb')
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  return sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
}

/**
 * AVIF at effort 2: on a 12-megapixel photo's 1600-wide rendition, effort 4 (sharp's default)
 * took 4.4 s and effort 2 0.26 s, for files within 1% of each other (decision 042).
 */
async function encode(
  pipeline: Sharp,
  format: RenditionFormat,
  purpose?: RenditionPurpose,
): Promise<RenderedFile> {
  const encoder =
    format === 'webp'
      ? pipeline.webp({ quality: 80 })
      : format === 'avif'
        ? pipeline.avif({ quality: 50, effort: 2 })
        : pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: 82, mozjpeg: true });
  const { data, info } = await encoder.toBuffer({ resolveWithObject: true });
  return {
    format,
    width: info.width,
    height: info.height,
    bytes: data,
    ...(purpose && { purpose }),
  };
}

/** Each size once, in WebP and AVIF; `resize` makes the pipeline for one size. */
async function encodeSizes(sizes: number[], resize: (size: number) => Sharp) {
  const files: RenderedFile[] = [];
  for (const size of new Set(sizes)) {
    // One encoding at a time: an upload's memory is one rendition's, not all of them at once.
    files.push(await encode(resize(size), 'webp'));
    files.push(await encode(resize(size), 'avif'));
  }
  return files;
}

/**
 * A cover: the photo at most 1600 wide decoded once, then 640, 1080 and 1600 wide (fewer when
 * the photo is narrower: never enlarged), and the 1200x630 crop for link previews in JPEG, the
 * one format every link preview reads.
 */
async function renderCover(bytes: Buffer, width: number): Promise<RenderedFile[]> {
  const pixels = await decodePixels(
    sharp(bytes, UNTRUSTED_INPUT).resize({ width: Math.min(width, 1600) }),
  );
  const files = await encodeSizes(
    COVER_WIDTHS.map((target) => Math.min(target, width)),
    (size) => pixels.clone().resize({ width: size }),
  );
  const share = sharp(bytes, UNTRUSTED_INPUT).resize({ ...SHARE_SIZE, fit: 'cover' });
  files.push(await encode(share, 'jpeg', 'share'));
  return files;
}

/** The logo's square in mails: 64 CSS pixels shown, twice that for sharp screens. */
const MAIL_LOGO_SIZE = 128;

/**
 * A logo: the middle square, 128 and 256 wide (fewer when the picture is smaller), and a JPEG on
 * white for mails, which rarely show WebP or AVIF.
 */
async function renderLogo(
  bytes: Buffer,
  { width, height }: { width: number; height: number },
): Promise<RenderedFile[]> {
  const side = Math.min(256, width, height);
  const pixels = await decodePixels(
    sharp(bytes, UNTRUSTED_INPUT).resize({ width: side, height: side, fit: 'cover' }),
  );
  const files = await encodeSizes(
    LOGO_SIZES.map((size) => Math.min(size, side)),
    (size) => pixels.clone().resize({ width: size, height: size }),
  );
  const mailSide = Math.min(MAIL_LOGO_SIZE, side);
  files.push(
    await encode(pixels.clone().resize({ width: mailSide, height: mailSide }), 'jpeg', 'mail'),
  );
  return files;
}

/**
 * The renditions of an uploaded file, or a 400 for one that is not a JPEG, PNG or WebP image we
 * can read. Only re-encoded pixels leave here: bytes appended to an image (a script, a ZIP),
 * EXIF with its location, ICC profiles and comments are all left behind.
 */
export async function renderImage(bytes: Buffer, kind: ImageKind): Promise<RenderedImage> {
  const size = await readHeader(bytes);
  try {
    const files =
      kind === 'cover' ? await renderCover(bytes, size.width) : await renderLogo(bytes, size);
    return { ...size, files };
  } catch (error) {
    // The header was sound: what fails now is the pixel data (cut short, corrupt).
    throw invalidImage(refusalOf(error, imageMessages.unreadable));
  }
}
