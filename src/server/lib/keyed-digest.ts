import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A keyed digest of `text` for one purpose (HMAC-SHA256 under the server's secret, 32 base64url
 * characters): the same input always gives the same digest, and nobody without the secret can
 * compute one or tell what it was made from. The purpose keeps one use's digests from passing
 * for another's.
 */
export function keyedDigest(secret: string, purpose: string, text: string): string {
  return createHmac('sha256', secret).update(`${purpose}:${text}`).digest('base64url').slice(0, 32);
}

/** Whether `candidate` is the keyed digest of `text`, compared in constant time. */
export function isKeyedDigest(
  secret: string,
  purpose: string,
  text: string,
  candidate: string,
): boolean {
  const expected = Buffer.from(keyedDigest(secret, purpose, text));
  const given = Buffer.from(candidate);
  return given.length === expected.length && timingSafeEqual(expected, given);
}
