import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** The compressions served, in our order of preference when the client likes both as much. */
const compressions = ['br', 'gzip'] as const;
type Coding = (typeof compressions)[number] | 'identity';
const codings: Coding[] = [...compressions, 'identity'];

/** The options of @fastify/compress's route option, which compress answers made per request. */
export type Compression = {
  brotliOptions: zlib.BrotliOptions;
  zlibOptions: zlib.ZlibOptions;
};

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * A JSON answer made once and served many times: its tag, its bytes, and their compressions,
 * each made the first time a client asks for it (in the thread pool: the event loop keeps
 * answering meanwhile). Browsers ask for br, a script often for gzip only: neither pays for the
 * other, and a copy confirmed by its tag needs none.
 */
export class EncodedJson {
  /** The SHA-256 of the JSON: the same bytes on every instance give the same tag. */
  readonly tag: string;
  readonly #bodies: Map<Coding, Promise<Buffer>>;
  readonly #compression: Compression;
  readonly #onGrow: () => void;
  #size: number;

  /** `onGrow` is told when a compression adds to the bytes held. */
  constructor(json: string, compression: Compression, onGrow: () => void) {
    const identity = Buffer.from(json);
    this.tag = createHash('sha256').update(identity).digest('base64url');
    this.#bodies = new Map([['identity', Promise.resolve(identity)]]);
    this.#compression = compression;
    this.#onGrow = onGrow;
    this.#size = identity.length;
  }

  /** The bytes held, the compressions made so far included. */
  get size(): number {
    return this.#size;
  }

  body(coding: Coding): Promise<Buffer> {
    let body = this.#bodies.get(coding);
    if (!body) {
      body = this.#compress(coding).catch((error: unknown) => {
        this.#bodies.delete(coding);
        throw error;
      });
      this.#bodies.set(coding, body);
    }
    return body;
  }

  async #compress(coding: Coding): Promise<Buffer> {
    const identity = await this.body('identity');
    const compressed =
      coding === 'br'
        ? await brotli(identity, this.#compression.brotliOptions)
        : await gzip(identity, this.#compression.zlibOptions);
    this.#size += compressed.length;
    this.#onGrow();
    return compressed;
  }
}

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
export async function sendEncodedJson(
  request: FastifyRequest,
  reply: FastifyReply,
  encoded: EncodedJson,
): Promise<FastifyReply> {
  const coding = chooseCoding(request.headers['accept-encoding']);
  void reply
    .header('etag', tagOf(encoded.tag, coding))
    .header('vary', 'accept-encoding')
    .header('cache-control', 'no-cache');
  if (isCopyCurrent(request.headers['if-none-match'], encoded.tag)) return reply.code(304).send();
  if (coding !== 'identity') void reply.header('content-encoding', coding);
  return reply.type('application/json; charset=utf-8').send(await encoded.body(coding));
}
