/**
 * The verifiable draw, protocol `prizewheel-draw-v1` (docs/draw-protocol.md): the server draws
 * with it and the browser replays it. The hash functions are passed in, so each side uses its
 * fastest source (node:crypto on the server, WebCrypto in the browser) for the same steps.
 */
const DRAW_PROTOCOL_V1 = 'prizewheel-draw-v1';

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

/** hex(SHA-256(utf8(leaf_1 + … + leaf_n))): the lowercase hex leaves concatenated. */
export function hashLeaves(hashes: DrawHashes, leaves: readonly string[]): Promise<string> {
  return hashes.sha256Hex(utf8.encode(leaves.join('')));
}

export type PickInput = {
  seedHex: string;
  contestId: string;
  root: string;
  /** The beacon round's randomness (hex), or null when the seed alone decides. */
  beaconRandomness: string | null;
  /** The pick's number over the contest's life, from 1. */
  p: number;
  /** How many entries are left to pick from. */
  remaining: number;
};

/**
 * Pick p: the first HMAC output (attempt c = 0, 1, …) below the largest multiple of `remaining`
 * under 2^256, reduced modulo `remaining`, so that every remaining entry is equally likely.
 * `attempts` counts the HMACs computed (1 unless some were rejected).
 */
export async function computePick(
  hashes: DrawHashes,
  input: PickInput,
): Promise<{ index: number; attempts: number }> {
  const n = BigInt(input.remaining);
  if (input.remaining < 1) throw new Error('No entries are left to pick from.');
  const limit = TWO_TO_256 - (TWO_TO_256 % n);
  const key = hexToBytes(input.seedHex);
  const prefix = `${DRAW_PROTOCOL_V1}:${input.contestId}:${input.root}:${input.beaconRandomness ?? ''}:${input.p}`;
  for (let c = 0; ; c += 1) {
    const x = bytesToBigInt(await hashes.hmacSha256(key, utf8.encode(`${prefix}:${c}`)));
    if (x < limit) return { index: Number(x % n), attempts: c + 1 };
  }
}

/** What every pick of one contest shares once its entries are frozen. */
export type FrozenDraw = Omit<PickInput, 'p' | 'remaining'> & {
  /** The frozen entry ids, in the wheel's order. */
  entryIds: readonly string[];
};

export type DrawnPick = { p: number; entryId: string; index: number; attempts: number };

/**
 * The next `count` random picks, numbered from `firstP`: each from the frozen entries that no
 * earlier pick (`pickedEntryIds`, winners and disqualified alike) has taken.
 */
export async function drawNextPicks(
  hashes: DrawHashes,
  draw: FrozenDraw,
  pickedEntryIds: ReadonlySet<string>,
  firstP: number,
  count: number,
): Promise<DrawnPick[]> {
  const remaining = draw.entryIds.filter((entryId) => !pickedEntryIds.has(entryId));
  const picks: DrawnPick[] = [];
  for (let p = firstP; p < firstP + count && remaining.length > 0; p += 1) {
    const { index, attempts } = await computePick(hashes, {
      ...draw,
      p,
      remaining: remaining.length,
    });
    const [entryId] = remaining.splice(index, 1);
    picks.push({ p, entryId: entryId!, index, attempts });
  }
  return picks;
}

/** What a winner whose name held nothing publishable is called. */
const NAMELESS_WINNER = 'Winner';

/**
 * "Maria S.": the first word of the name and the initial of its last word; nothing else. Words
 * with an "@" (an e-mail typed as a name, a handle) are left out: the record never shows an
 * address.
 */
export function toDisplayName(name: string): string {
  const words = name
    .trim()
    .split(/\s+/)
    .filter((word) => word && !word.includes('@'));
  const first = words[0];
  if (!first) return NAMELESS_WINNER;
  if (words.length < 2) return first;
  const initial = Array.from(words.at(-1)!)[0]!.toLocaleUpperCase();
  return `${first} ${initial}.`;
}
