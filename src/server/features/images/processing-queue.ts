import { AppError } from '#server/errors.ts';

/** Uploads waiting their turn beyond this are refused: each holds its file (up to 10 MB). */
const MAX_WAITING = 8;
/** A 12-megapixel photo takes about a second (bench/image-processing.ts). */
const RETRY_AFTER_SECONDS = 5;

/**
 * Runs one image's processing at a time in this process. sharp already works off the event
 * loop, on libvips' threads; what it does not bound is how many images decode at once, and each
 * decoding's memory grows with the picture's pixels: two uploads together must not double it.
 */
export function createProcessingQueue() {
  let running = false;
  const waiting: Array<() => void> = [];

  async function takeTurn(): Promise<void> {
    if (!running) {
      running = true;
      return;
    }
    if (waiting.length >= MAX_WAITING) {
      throw new AppError(
        'BUSY',
        'Many images are being processed right now. Please try again in a few seconds.',
        undefined,
        RETRY_AFTER_SECONDS,
      );
    }
    await new Promise<void>((resolve) => waiting.push(resolve));
  }

  function passTurn() {
    const next = waiting.shift();
    if (next) next();
    else running = false;
  }

  return {
    async run<T>(work: () => Promise<T>): Promise<T> {
      await takeTurn();
      try {
        return await work();
      } finally {
        passTurn();
      }
    },
  };
}

export type ProcessingQueue = ReturnType<typeof createProcessingQueue>;
