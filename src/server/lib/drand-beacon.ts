import { createHash } from 'node:crypto';
import { bls12_381 } from '@noble/curves/bls12-381.js';

/**
 * Public randomness for the draw from a drand chain (docs/draw-protocol.md, step 3): the first
 * round published at least 3 s after the freeze, its BLS signature checked against the chain's
 * public key. Any failure stops the draw with a BeaconError; there is no silent fallback to the
 * seed alone, which would let an operator who can block the beacon choose when it applies.
 */

/** drand's "quicknet" scheme: signatures on G1, keys on G2, the round's number as the message. */
const SUPPORTED_SCHEME = 'bls-unchained-g1-rfc9380';
export const SIGNATURE_DST = 'BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_';
/** The round used is the first published this long after the freeze. */
export const BEACON_DELAY_MS = 3000;
const REQUEST_TIMEOUT_MS = 5000;
/** How long a round may be late before the draw gives up. */
const LATE_ROUND_GRACE_MS = 10_000;

export type BeaconSource = { url: string; chain: string };
export type BeaconRound = BeaconSource & {
  round: number;
  randomness: string;
  signature: string;
};

export class BeaconError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BeaconError';
  }
}

type ChainInfo = { publicKey: string; periodMs: number; genesisMs: number };

type Clock = { now(): number; sleep(ms: number): Promise<void> };
const realClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest();

async function getJson(url: string): Promise<{ status: number; body: unknown }> {
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  } catch (error) {
    throw new BeaconError(
      `The randomness beacon could not be reached (${(error as Error).message}).`,
    );
  }
  const body: unknown = response.ok ? await response.json().catch(() => null) : null;
  return { status: response.status, body };
}

export type ChainInfoFields = {
  public_key?: unknown;
  period?: unknown;
  genesis_time?: unknown;
  groupHash?: unknown;
  schemeID?: unknown;
  metadata?: { beaconID?: unknown };
};

/**
 * The chain information, checked, with the chain's hash: SHA-256 of its period (uint32), genesis
 * time (int64, both big-endian), public key, group hash and, for any network but "default", its
 * beacon id. The configured chain hash thereby pins the public key: a relay (or anyone on the
 * way) that serves another key describes another chain. Null when a field is missing.
 */
export function describeChain(info: ChainInfoFields): (ChainInfo & { hash: string }) | null {
  const { public_key: publicKey, period, genesis_time: genesis, groupHash } = info;
  const beaconId = info.metadata?.beaconID ?? 'default';
  if (
    typeof publicKey !== 'string' ||
    typeof groupHash !== 'string' ||
    typeof beaconId !== 'string' ||
    typeof period !== 'number' ||
    typeof genesis !== 'number' ||
    !Number.isInteger(period) ||
    !Number.isInteger(genesis) ||
    period <= 0
  ) {
    return null;
  }
  const times = Buffer.alloc(12);
  times.writeUInt32BE(period, 0);
  times.writeBigInt64BE(BigInt(genesis), 4);
  const parts = [times, Buffer.from(publicKey, 'hex'), Buffer.from(groupHash, 'hex')];
  if (beaconId !== 'default') parts.push(Buffer.from(beaconId, 'utf8'));
  return {
    publicKey,
    periodMs: period * 1000,
    genesisMs: genesis * 1000,
    hash: sha256(Buffer.concat(parts)).toString('hex'),
  };
}

async function readChainInfo(source: BeaconSource): Promise<ChainInfo> {
  const { status, body } = await getJson(`${source.url}/${source.chain}/info`);
  const info = body as ChainInfoFields | null;
  if (status !== 200 || !info) {
    throw new BeaconError(`The randomness beacon's chain ${source.chain} answered ${status}.`);
  }
  const chain = describeChain(info);
  if (chain?.hash !== source.chain) {
    throw new BeaconError(
      "The randomness beacon's chain information does not hash to the configured chain.",
    );
  }
  if (info.schemeID !== SUPPORTED_SCHEME) {
    throw new BeaconError(
      `The randomness beacon's scheme ${String(info.schemeID)} is not supported (only ${SUPPORTED_SCHEME}).`,
    );
  }
  return chain;
}

/** The first round whose publication time is at or after `at` (round 1 is published at genesis). */
function firstRoundAtOrAfter(chain: Pick<ChainInfo, 'periodMs' | 'genesisMs'>, at: number) {
  return Math.max(1, Math.ceil((at - chain.genesisMs) / chain.periodMs) + 1);
}

/** Whether the round's signature is the chain's, and its randomness the hash of the signature. */
export function isValidRound(publicKey: string, round: BeaconRound): boolean {
  const isHex = (value: string) => /^(?:[0-9a-f]{2})+$/.test(value);
  if (!isHex(publicKey) || !isHex(round.signature)) return false;
  const message = sha256(roundBytes(round.round));
  try {
    const signed = bls12_381.shortSignatures.verify(
      Buffer.from(round.signature, 'hex'),
      bls12_381.shortSignatures.hash(message, SIGNATURE_DST),
      Buffer.from(publicKey, 'hex'),
    );
    return (
      signed && sha256(Buffer.from(round.signature, 'hex')).toString('hex') === round.randomness
    );
  } catch {
    return false;
  }
}

/** The round number as drand signs it: 8 bytes, big-endian. */
export function roundBytes(round: number): Uint8Array {
  const bytes = Buffer.alloc(8);
  bytes.writeBigUInt64BE(BigInt(round));
  return bytes;
}

/**
 * Waits for the first round published at least BEACON_DELAY_MS after `frozenAt`, fetches it and
 * checks it. Throws a BeaconError when the beacon is unreachable, late or wrong.
 */
export async function fetchRoundAfter(
  source: BeaconSource,
  frozenAt: Date,
  clock: Clock = realClock,
): Promise<BeaconRound> {
  const chain = await readChainInfo(source);
  const round = firstRoundAtOrAfter(chain, frozenAt.getTime() + BEACON_DELAY_MS);
  const publishedAt = chain.genesisMs + (round - 1) * chain.periodMs;
  const giveUpAt = publishedAt + LATE_ROUND_GRACE_MS;
  await clock.sleep(Math.max(0, publishedAt - clock.now()));
  for (;;) {
    const { status, body } = await getJson(`${source.url}/${source.chain}/public/${round}`);
    if (status === 200 && body) {
      const answer = body as { round?: unknown; randomness?: unknown; signature?: unknown };
      const fetched: BeaconRound = {
        ...source,
        round,
        randomness: String(answer.randomness ?? ''),
        signature: String(answer.signature ?? ''),
      };
      if (answer.round !== round || !isValidRound(chain.publicKey, fetched)) {
        throw new BeaconError(
          `The randomness beacon's round ${round} does not carry a valid signature of its chain.`,
        );
      }
      return fetched;
    }
    if (clock.now() >= giveUpAt) {
      throw new BeaconError(`The randomness beacon has not published round ${round} in time.`);
    }
    await clock.sleep(Math.min(500, chain.periodMs));
  }
}
