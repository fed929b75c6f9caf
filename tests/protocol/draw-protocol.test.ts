import { describe, expect, it } from 'vitest';
import { nodeDrawHashes } from '#server/lib/draw-hashes.ts';
import {
  commitToSeed,
  computePick,
  hashEntryIds,
  hashLeaves,
  toDisplayName,
  webCryptoHashes,
  type DrawHashes,
} from '#shared/draw-protocol.ts';
import { drawVectors as vectors } from './vectors.ts';

describe.each([
  ['WebCrypto (the browser)', webCryptoHashes],
  ['node:crypto (the server)', nodeDrawHashes],
])('prizewheel-draw-v1 against its published vectors, with %s', (_, hashes) => {
  it('commits to the seed: hex(SHA-256(seed bytes))', async () => {
    expect(await commitToSeed(hashes, vectors.seed)).toBe(vectors.seedHash);
  });

  it('hashes each entry id into a leaf and the leaves into the root', async () => {
    const leaves = await hashEntryIds(hashes, vectors.entryIds);
    expect(leaves).toEqual(vectors.leaves);
    expect(await hashLeaves(hashes, leaves)).toBe(vectors.root);
  });

  it.each([
    ['without a beacon', vectors.withoutBeacon],
    ['with a beacon', vectors.withBeacon],
  ])('replays every pick %s, removing each picked entry', async (__, draw) => {
    const remaining = [...vectors.entryIds];
    for (const pick of draw.picks) {
      const result = await computePick(hashes, {
        seedHex: vectors.seed,
        contestId: vectors.contestId,
        root: vectors.root,
        beaconRandomness: draw.beaconRandomness,
        p: pick.p,
        remaining: remaining.length,
      });
      expect(result).toEqual({ index: pick.index, attempts: pick.attempts });
      expect(remaining.splice(result.index, 1)).toEqual([pick.entryId]);
    }
  });

  it('rejects an HMAC at or above the largest multiple of n below 2^256 and tries c + 1', async () => {
    const messages: string[] = [];
    const outputs = [new Uint8Array(32).fill(0xff), new Uint8Array(32).fill(0x01)];
    const hashes: DrawHashes = {
      sha256Hex: webCryptoHashes.sha256Hex,
      hmacSha256: async (_key, message) => {
        messages.push(new TextDecoder().decode(message));
        return outputs[messages.length - 1]!;
      },
    };
    const pick = await computePick(hashes, {
      seedHex: vectors.seed,
      contestId: 'c',
      root: 'r',
      beaconRandomness: null,
      p: 4,
      remaining: 3,
    });
    // 2^256 - 1 is at or above 2^256 - (2^256 mod 3): rejected. 0x0101…01 mod 3 decides.
    expect(messages).toEqual(['prizewheel-draw-v1:c:r::4:0', 'prizewheel-draw-v1:c:r::4:1']);
    expect(pick).toEqual({ index: Number(BigInt(`0x${'01'.repeat(32)}`) % 3n), attempts: 2 });
  });

  it('names a winner by first name and last initial only', () => {
    expect(toDisplayName('Maria del Carmen Santos')).toBe('Maria S.');
    expect(toDisplayName('  maria   santos ')).toBe('maria S.');
    expect(toDisplayName('Cher')).toBe('Cher');
    expect(toDisplayName('Zoë Łukasz')).toBe('Zoë Ł.');
    // Never an address or a handle: a name typed as an e-mail leaves a neutral word.
    expect(toDisplayName('maria.sanchez@example.com')).toBe('Winner');
    expect(toDisplayName('Maria @maria_s')).toBe('Maria');
    expect(toDisplayName('Maria Santos maria@example.com')).toBe('Maria S.');
  });
});
