import { isKeyedDigest, keyedDigest } from './keyed-digest.ts';

/**
 * The entry page's form token: when the page was served, signed for one contest. It lets the
 * server measure how long the form took to fill in without trusting the browser's clock; one
 * that forges or reuses another contest's token is caught by the signature. Both ends take
 * `now` from the database's clock (decision 035), so the instance that served the page and the
 * one that reads its token agree on the time between them.
 */
const PURPOSE = 'entry-form';

/** A page left open longer than this has a token that counts as none. */
export const FORM_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;

export function issueFormToken(secret: string, contestId: string, now: number): string {
  return `${now}.${keyedDigest(secret, PURPOSE, `${contestId}:${now}`)}`;
}

/**
 * What a form token says: `none` (absent or empty), `forged` (malformed, not signed by this
 * server, or another contest's), `expired` (its page was served over FORM_TOKEN_TTL_MS ago:
 * counted as none), or the milliseconds since its page was served.
 */
export type FormTokenReading =
  { kind: 'none' | 'forged' | 'expired' } | { kind: 'served'; elapsedMs: number };

export function readFormToken(
  secret: string,
  contestId: string,
  token: string | undefined,
  now: number,
): FormTokenReading {
  if (!token) return { kind: 'none' };
  const match = /^(\d{13})\.([\w-]{32})$/.exec(token);
  if (!match) return { kind: 'forged' };
  const servedAt = Number(match[1]);
  if (!isKeyedDigest(secret, PURPOSE, `${contestId}:${servedAt}`, match[2]!)) {
    return { kind: 'forged' };
  }
  const elapsedMs = now - servedAt;
  return elapsedMs > FORM_TOKEN_TTL_MS ? { kind: 'expired' } : { kind: 'served', elapsedMs };
}
