/**
 * A 12-megapixel phone photo (4032x3024 JPEG) made into a cover's renditions and a logo's (issue
 * 31: time and peak memory), as an upload makes them; beside it, decoding the same photo to
 * pixels alone, the least any processing costs.
 */
import sharp from 'sharp';
import { renderImage } from '#server/features/images/render-image.ts';
import { median } from './lib/stats.ts';

const ROUNDS = 5;
const SIZE = { width: 4032, height: 3024 };

export type ImageProcessingResult = {
  megapixels: number;
  photoBytes: number;
  rounds: number;
  coverMs: number;
  logoMs: number;
  decodeOnlyMs: number;
  /** The process's resident memory above what it held before, at its highest while processing. */
  peakRssGrowthMb: number;
  renditionBytes: Record<string, number>;
};

/** Noise blurred into a photo's texture: an encoder finds no flat area to save work on. */
function makePhoto(): Promise<Buffer> {
  return sharp({
    create: {
      ...SIZE,
      channels: 3,
      background: '#000',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .blur(1.2)
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** Runs `work`, sampling the process's RSS every 5 ms (sharp leaves the event loop free). */
async function withPeakRss<T>(work: () => Promise<T>): Promise<{ value: T; peak: number }> {
  let peak = process.memoryUsage.rss();
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 5);
  try {
    const value = await work();
    return { value, peak: Math.max(peak, process.memoryUsage.rss()) };
  } finally {
    clearInterval(sampler);
  }
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

export async function benchImageProcessing(): Promise<ImageProcessingResult> {
  const photo = await makePhoto();
  const before = process.memoryUsage.rss();
  const cover: number[] = [];
  const logo: number[] = [];
  const decode: number[] = [];
  let peak = before;
  let renditionBytes: Record<string, number> = {};
  for (let round = 0; round < ROUNDS; round += 1) {
    const run = await withPeakRss(async () => {
      cover.push(
        await timed(async () => {
          const rendered = await renderImage(photo, 'cover');
          renditionBytes = Object.fromEntries(
            rendered.files.map((file) => [
              `${file.format} ${file.width}x${file.height}`,
              file.bytes.length,
            ]),
          );
        }),
      );
      logo.push(await timed(() => renderImage(photo, 'logo')));
    });
    peak = Math.max(peak, run.peak);
    decode.push(await timed(() => sharp(photo).raw().toBuffer()));
  }
  return {
    megapixels: (SIZE.width * SIZE.height) / 1e6,
    photoBytes: photo.length,
    rounds: ROUNDS,
    coverMs: median(cover),
    logoMs: median(logo),
    decodeOnlyMs: median(decode),
    peakRssGrowthMb: (peak - before) / 2 ** 20,
    renditionBytes,
  };
}

export function reportImageProcessing(result: ImageProcessingResult): string[] {
  const files = Object.entries(result.renditionBytes)
    .map(([name, bytes]) => `${name} ${(bytes / 1024).toFixed(0)} KB`)
    .join(', ');
  return [
    `${result.megapixels.toFixed(1)}-megapixel JPEG (${(result.photoBytes / 2 ** 20).toFixed(1)} MB): cover renditions ${result.coverMs.toFixed(0)} ms, logo ${result.logoMs.toFixed(0)} ms (median of ${result.rounds}) | decoding it to pixels alone: ${result.decodeOnlyMs.toFixed(0)} ms`,
    `peak resident memory while processing: +${result.peakRssGrowthMb.toFixed(0)} MB over the process before it`,
    `cover files: ${files}`,
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const line of reportImageProcessing(await benchImageProcessing())) console.log(line);
}
