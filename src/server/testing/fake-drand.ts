import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { bls12_381 } from '@noble/curves/bls12-381.js';
import { describeChain, roundBytes, SIGNATURE_DST } from '#server/lib/drand-beacon.ts';

const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest();

export type FakeDrand = {
  url: string;
  chain: string;
  publicKey: string;
  /** A round as the chain would publish it. */
  roundOf(round: number): { round: number; randomness: string; signature: string };
  close(): Promise<void>;
};

/**
 * A drand chain of our own on 127.0.0.1 (quicknet's scheme, our own key pair): `/{chain}/info`
 * and `/{chain}/public/{round}` for rounds already published. As an attacker's relay would,
 * `forge` signs rounds with another key, and `forgeInfo` also serves that key as the chain's.
 */
export async function startFakeDrand(
  options: { periodSeconds?: number; forge?: (round: number) => boolean; forgeInfo?: boolean } = {},
): Promise<FakeDrand> {
  const periodSeconds = options.periodSeconds ?? 1;
  const blss = bls12_381.shortSignatures;
  const key = blss.keygen();
  const forger = blss.keygen();
  const hexOf = (point: { toBytes(): Uint8Array }) => Buffer.from(point.toBytes()).toString('hex');
  const publicKey = hexOf(key.publicKey);
  const info = {
    public_key: publicKey,
    period: periodSeconds,
    genesis_time: Math.floor(Date.now() / 1000) - 60,
    groupHash: randomBytes(32).toString('hex'),
    schemeID: 'bls-unchained-g1-rfc9380',
    metadata: { beaconID: 'prizewheel-test' },
  };
  const chain = describeChain(info)!.hash;

  const sign = (round: number, secretKey: Uint8Array) => {
    const point = blss.hash(sha256(roundBytes(round)), SIGNATURE_DST);
    const signature = Buffer.from(blss.sign(point, secretKey).toBytes());
    return {
      round,
      randomness: sha256(signature).toString('hex'),
      signature: signature.toString('hex'),
    };
  };
  const roundOf = (round: number) => sign(round, key.secretKey);

  const server = createServer((request, reply) => {
    const [, requestedChain, kind, roundText] = (request.url ?? '').split('/');
    const send = (status: number, body: unknown) =>
      reply.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (requestedChain !== chain) return send(404, { error: 'unknown chain' });
    if (kind === 'info') {
      const served = options.forgeInfo ? { ...info, public_key: hexOf(forger.publicKey) } : info;
      return send(200, { ...served, hash: chain });
    }
    const round = Number(roundText);
    const publishedAt = (info.genesis_time + (round - 1) * periodSeconds) * 1000;
    if (kind !== 'public' || !Number.isInteger(round) || round < 1 || publishedAt > Date.now()) {
      return send(404, { error: 'no such round yet' });
    }
    return send(200, options.forge?.(round) ? sign(round, forger.secretKey) : roundOf(round));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    chain,
    publicKey,
    roundOf,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
