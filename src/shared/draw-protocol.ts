/**
 * The verifiable draw, protocols `prizewheel-draw-v1` and its weighted successor
 * `prizewheel-draw-v2` (docs/draw-protocol.md): the server draws with them and the browser
 * replays them. The hash functions are passed in, so each side uses its fastest source
 * (node:crypto on the server, WebCrypto in the browser) for the same steps.
 */
export const DRAW_PROTOCOL_V1 = 'prizewheel-draw-v1';
/** Weighted by bonus entries (docs/draw-protocol.md#protocol-prizewheel-draw-v2-weighted). */
export const DRAW_PROTOCOL_V2 = 'prizewheel-draw-v2';
export type DrawVersion = typeof DRAW_PROTOCOL_V1 | typeof DRAW_PROTOCOL_V2;

export type DrawHashes = {
  /** SHA-256 of the bytes, as lowercase hex. */
  sha256Hex(data: Uint8Array<ArrayBuffer>): Promise<string>;
  /** HMAC-SHA256 of the message under the key, as 32 bytes. */
  hmacSha256(key: Uint8Array<ArrayBuffer>, message: Uint8Array<ArrayBuffer>): Promise<Uint8Array>;
};

const utf8 = new TextEncoder();

function bytesToHex(bytes: Uint8Array): string {
  let hex = '';
  for (const byte of bytes) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

/** The hashes from WebCrypto, which browsers and Node both have (the browser's verifier). */
export const webCryptoHashes: DrawHashes = {
  async sha256Hex(data) {
    return bytesToHex(new Uint8Array(await crypto.subtle.digest('SHA-256', data)));
  },
  async hmacSha256(key, message) {
    const hmacKey = await crypto.subtle.importKey(
      'raw',
      key,
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign'],
    );
    return new Uint8Array(await crypto.subtle.sign('HMAC', hmacKey, message));
  },
};
const TWO_TO_256 = 1n << 256n;

function hexToBytes(hex: string): Uint8Array<ArrayBuffer> {
  if (!/^(?:[0-9a-f]{2})*$/.test(hex)) throw new Error('Not lowercase hex.');
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i += 1) bytes[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

function bytesToBigInt(bytes: Uint8Array): bigint {
  let value = 0n;
  for (const byte of bytes) value = (value << 8n) | BigInt(byte);
  return value;
}

/** The commitment published before the draw: hex(SHA-256(seed bytes)). */
export function commitToSeed(hashes: DrawHashes, seedHex: string): Promise<string> {
  return hashes.sha256Hex(hexToBytes(seedHex));
}

/** hex(SHA-256(utf8(entryId))) for each entry, in the frozen order. */
export function hashEntryIds(hashes: DrawHashes, entryIds: readonly string[]): Promise<string[]> {
  return Promise.all(entryIds.map((entryId) => hashes.sha256Hex(utf8.encode(entryId))));
}

/**
 * Why these are not v2 weights, or null when they are: each a whole number from 1, and their
 * total a safe integer, so that W and the running sums are exact as plain numbers.
 */
export function findWeightsProblem(weights: readonly unknown[]): string | null {
  let total = 0;
  for (const [i, weight] of weights.entries()) {
    if (typeof weight !== 'number' || !Number.isSafeInteger(weight) || weight < 1) {
      return `Weight ${i + 1} (${String(weight)}) is not a whole number of at least 1.`;
    }
    total += weight;
  }
  return Number.isSafeInteger(total) ? null : 'The weights add up to more than 2^53 - 1.';
}

/** W, the weights' total, once they are known to be v2 weights. */
function totalWeight(weights: readonly number[]): number {
  const problem = findWeightsProblem(weights);
  if (problem) throw new Error(problem);
  return weights.reduce((sum, weight) => sum + weight, 0);
}

function assertWeightPerEntry(weights: readonly number[], entryCount: number): void {
  if (weights.length !== entryCount) {
    throw new Error(
      `Each entry needs one weight: got ${weights.length} for ${entryCount} entries.`,
    );
  }
  totalWeight(weights);
}

/** v2's leaves: hex(SHA-256(utf8(entryId + ":" + weight))) for each entry, in the frozen order. */
export async function hashWeightedEntries(
  hashes: DrawHashes,
  entryIds: readonly string[],
  weights: readonly number[],
): Promise<string[]> {
  assertWeightPerEntry(weights, entryIds.length);
  return Promise.all(
    entryIds.map((entryId, i) => hashes.sha256Hex(utf8.encode(`${entryId}:${weights[i]}`))),
  );
}

/** hex(SHA-256(utf8(leaf_1 + … + leaf_n))): the lowercase hex leaves concatenated. */
export function hashLeaves(hashes: DrawHashes, leaves: readonly string[]): Promise<string> {
  return hashes.sha256Hex(utf8.encode(leaves.join('')));
}

/** What the HMAC message of a pick is made of, beside the protocol version and the attempt. */
type PickMessage = {
  seedHex: string;
  contestId: string;
  root: string;
  /** The beacon round's randomness (hex), or null when the seed alone decides. */
  beaconRandomness: string | null;
  /** The pick's number over the contest's life, from 1. */
  p: number;
};

export type PickInput = PickMessage & {
  /** How many entries are left to pick from. */
  remaining: number;
};

export type WeightedPickInput = PickMessage & {
  /** The weights of the entries left to pick from, in the frozen order. */
  weights: readonly number[];
};

/** Where a pick lands in the remaining list, and how many HMACs it took. */
export type PickResult = { index: number; attempts: number };

/**
 * The step both versions share: the first HMAC output x (attempt c = 0, 1, …) below the largest
 * multiple of `bound` under 2^256, reduced modulo `bound`, so that every value below `bound` is
 * equally likely. `attempts` counts the HMACs computed (1 unless some were rejected).
 */
async function drawBelow(
  hashes: DrawHashes,
  version: DrawVersion,
  input: PickMessage,
  bound: number,
): Promise<{ value: number; attempts: number }> {
  if (bound < 1) throw new Error('No entries are left to pick from.');
  const n = BigInt(bound);
  const limit = TWO_TO_256 - (TWO_TO_256 % n);
  const key = hexToBytes(input.seedHex);
  const prefix = `${version}:${input.contestId}:${input.root}:${input.beaconRandomness ?? ''}:${input.p}`;
  for (let c = 0; ; c += 1) {
    const x = bytesToBigInt(await hashes.hmacSha256(key, utf8.encode(`${prefix}:${c}`)));
    if (x < limit) return { value: Number(x % n), attempts: c + 1 };
  }
}

/** v1's pick p: x mod `remaining`, so that every remaining entry is equally likely. */
export async function computePick(hashes: DrawHashes, input: PickInput): Promise<PickResult> {
  const { value, attempts } = await drawBelow(hashes, DRAW_PROTOCOL_V1, input, input.remaining);
  return { index: value, attempts };
}

/**
 * v2's pick p: t = x mod W (the remaining weights' total), and the first remaining entry whose
 * running total of weights exceeds t, so that each entry's chance is its weight over W.
 */
export async function computeWeightedPick(
  hashes: DrawHashes,
  input: WeightedPickInput,
): Promise<PickResult> {
  const total = totalWeight(input.weights);
  const { value: t, attempts } = await drawBelow(hashes, DRAW_PROTOCOL_V2, input, total);
  let runningTotal = 0;
  const index = input.weights.findIndex((weight) => (runningTotal += weight) > t);
  return { index, attempts };
}

/** What every pick of one contest shares once its entries are frozen. */
export type FrozenDraw = Omit<PickMessage, 'p'> & {
  /** The frozen entry ids, in the wheel's order. */
  entryIds: readonly string[];
  /** Each entry's weight (1 + its bonus entries), in the same order: v2 when given, else v1. */
  weights?: readonly number[];
};

export type DrawnPick = { p: number; entryId: string; index: number; attempts: number };

/**
 * The next `count` random picks, numbered from `firstP`: each from the frozen entries that no
 * earlier pick (`pickedEntryIds`, winners and disqualified alike) has taken, weighted (v2) when
 * the draw has weights.
 */
export async function drawNextPicks(
  hashes: DrawHashes,
  draw: FrozenDraw,
  pickedEntryIds: ReadonlySet<string>,
  firstP: number,
  count: number,
): Promise<DrawnPick[]> {
  const { entryIds, weights, ...message } = draw;
  if (weights) assertWeightPerEntry(weights, entryIds.length);
  const isLeft = (i: number) => !pickedEntryIds.has(entryIds[i]!);
  const remaining = entryIds.filter((_, i) => isLeft(i));
  const remainingWeights = weights?.filter((_, i) => isLeft(i));
  const picks: DrawnPick[] = [];
  for (let p = firstP; p < firstP + count && remaining.length > 0; p += 1) {
    const { index, attempts } = remainingWeights
      ? await computeWeightedPick(hashes, { ...message, p, weights: remainingWeights })
      : await computePick(hashes, { ...message, p, remaining: remaining.length });
    const [entryId] = remaining.splice(index, 1);
    remainingWeights?.splice(index, 1);
    picks.push({ p, entryId: entryId!, index, attempts });
  }
  return picks;
}

/** What a winner whose name held nothing publishable is called. */
const NAMELESS_WINNER = 'Winner';

/**
 * "Maria S.": the first word of the name and the initial of its last word; nothing else. Words
 * with an "@" (an e-mail typed as a name, a handle) are left out: the record never shows an
 * address. A name with nothing left is called `nameless`.
 */
export function toDisplayName(name: string, nameless = NAMELESS_WINNER): string {
  const words = name
    .trim()
    .split(/\s+/)
    .filter((word) => word && !word.includes('@'));
  const first = words[0];
  if (!first) return nameless;
  if (words.length < 2) return first;
  const initial = Array.from(words.at(-1)!)[0]!.toLocaleUpperCase();
  return `${first} ${initial}.`;
}
