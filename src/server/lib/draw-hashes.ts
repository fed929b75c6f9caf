import { createHash, createHmac } from 'node:crypto';
import type { DrawHashes } from '#shared/draw-protocol.ts';

/**
 * The draw protocol's hashes from node:crypto: synchronous under the hood, so freezing 100,000
 * entries costs ~0.2 s where WebCrypto's per-call round trips in Node take seconds.
 */
export const nodeDrawHashes: DrawHashes = {
  sha256Hex: async (data) => createHash('sha256').update(data).digest('hex'),
  hmacSha256: async (key, message) => createHmac('sha256', key).update(message).digest(),
};
