import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A JSON answer made once and served many times: compressed ahead, revalidated by its tag. */

/** The compressions served, in our order of preference when the client likes both as much. */
const compressions = ['br', 'gzip'] as const;
type Coding = (typeof compressions)[number] | 'identity';
const codings: Coding[] = [...compressions, 'identity'];

/** The options of @fastify/compress's route option, which compress answers made per request. */
export type Compression = {
  brotliOptions: zlib.BrotliOptions;
  zlibOptions: zlib.ZlibOptions;
};

export type EncodedJson = {
  /** The SHA-256 of the JSON: the same bytes on every instance give the same tag. */
  tag: string;
  bodies: Record<Coding, Buffer>;
};

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Compressed in the thread pool: the event loop keeps answering meanwhile. */
export async function encodeJson(json: string, compression: Compression): Promise<EncodedJson> {
  const identity = Buffer.from(json);
  const [br, gzipped] = await Promise.all([
    brotli(identity, compression.brotliOptions),
    gzip(identity, compression.zlibOptions),
  ]);
  const tag = createHash('sha256').update(identity).digest('base64url');
  return { tag, bodies: { br, gzip: gzipped, identity } };
}

export const encodedSize = ({ bodies }: EncodedJson) =>
  bodies.br.length + bodies.gzip.length + bodies.identity.length;

/**
 * The coding to send (RFC 9110, section 12.5.3): of br and gzip, the one with the client's
 * highest q-value, br on a tie; otherwise none, which every client reads.
 */
function chooseCoding(acceptEncoding: string | undefined): Coding {
  const weights = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    const q = params.find((param) => param.startsWith('q='));
    weights.set(name, q === undefined ? 1 : Number(q.slice(2)));
  }
  const compressed = compressions
    .map((coding) => ({ coding, q: weights.get(coding) ?? weights.get('*') ?? 0 }))
    // Not a number (a malformed q) is no better than refused.
    .filter(({ q }) => q > 0);
  const best = compressed.reduce<(typeof compressed)[number] | undefined>(
    (chosen, candidate) => (chosen && chosen.q >= candidate.q ? chosen : candidate),
    undefined,
  );
  return best?.coding ?? 'identity';
}

/**
 * Each coding's bytes have a tag of their own, as a strong tag must; a copy in any of them is
 * the same JSON, so any of the three confirms a copy (If-None-Match compares weakly).
 */
const tagOf = (tag: string, coding: Coding) =>
  coding === 'identity' ? `"${tag}"` : `"${tag}-${coding}"`;

function isCopyCurrent(ifNoneMatch: string | undefined, tag: string): boolean {
  if (!ifNoneMatch) return false;
  const current = new Set(codings.map((coding) => tagOf(tag, coding)));
  return ifNoneMatch
    .split(',')
    .map((candidate) => candidate.trim().replace(/^W\//, ''))
    .some((candidate) => candidate === '*' || current.has(candidate));
}

/**
 * Sends the JSON in the coding the client accepts, or 304 without a body when the client's copy
 * is current. `no-cache`: a copy may be kept but is asked about each time, since the JSON can
 * change at any moment; an answer to a signed-in request is made `private, no-store` by the
 * session plugin all the same.
 */
export function sendEncodedJson(
  request: FastifyRequest,
  reply: FastifyReply,
  encoded: EncodedJson,
): FastifyReply {
  const coding = chooseCoding(request.headers['accept-encoding']);
  void reply
    .header('etag', tagOf(encoded.tag, coding))
    .header('vary', 'accept-encoding')
    .header('cache-control', 'no-cache');
  if (isCopyCurrent(request.headers['if-none-match'], encoded.tag)) return reply.code(304).send();
  if (coding !== 'identity') void reply.header('content-encoding', coding);
  return reply.type('application/json; charset=utf-8').send(encoded.bodies[coding]);
}
