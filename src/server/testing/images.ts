import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { multipartForm } from './uploads.ts';

/** Test pictures made on the spot: sharp draws them, and the hostile ones are written by hand. */

type Size = { width: number; height: number };

/** A photo of one colour with a phone's metadata: make, orientation and where it was taken. */
export function phonePhoto({ width, height }: Size, orientation = 1, background = '#c0392b') {
  return sharp({ create: { width, height, channels: 3, background } })
    .withExif({
      IFD0: { Make: 'PhoneCo', Model: 'Pocket 12' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '40/1 25/1 0/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '3/1 42/1 0/1',
      },
    })
    .withMetadata({ orientation })
    .jpeg()
    .toBuffer();
}

/** A picture of one colour with an alpha channel, as PNG or WebP. */
export function flatPicture({ width, height }: Size, format: 'png' | 'webp' | 'gif' = 'png') {
  return sharp({
    create: { width, height, channels: 4, background: { r: 30, g: 120, b: 200, alpha: 0.5 } },
  })
    .toFormat(format)
    .toBuffer();
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A decompression bomb: a valid PNG of a few hundred bytes whose header declares `size` (the
 * pixels would take width x height bytes decoded), with one compressed row of pixel data.
 */
export function pngBomb({ width, height }: Size = { width: 20_000, height: 20_000 }): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per sample
  header[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc(width + 1))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * What the owner's form sends: `kind`, then the file. The name and Content-Type are the
 * uploader's to choose; the server reads neither.
 */
export function imageForm(
  kind: string,
  bytes: Uint8Array,
  { filename = 'photo.jpg', type = 'image/jpeg' } = {},
) {
  return multipartForm([
    { field: 'kind', content: kind },
    { field: 'file', content: bytes, filename, type },
  ]);
}

/** The format a file's first bytes declare, as a browser would sniff it. */
export function formatOfBytes(bytes: Buffer): string | undefined {
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.toString('latin1', 1, 4) === 'PNG') return 'png';
  if (bytes.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  if (bytes.toString('latin1', 4, 12) === 'ftypavif') return 'avif';
  return undefined;
}
