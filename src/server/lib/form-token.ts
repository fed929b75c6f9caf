import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The entry page's form token: when the page was served, signed for one contest. It lets the
 * server measure how long the form took to fill in without trusting the browser's clock; a
 * script that posts without opening the page has no token (and is treated as any API client),
 * one that forges or reuses another contest's token is caught by the signature.
 */
const signature = (secret: string, contestId: string, servedAt: number) =>
  createHmac('sha256', secret)
    .update(`entry-form:${contestId}:${servedAt}`)
    .digest('base64url')
    .slice(0, 32);

export function issueFormToken(secret: string, contestId: string, now = Date.now()): string {
  return `${now}.${signature(secret, contestId, now)}`;
}

/** Milliseconds since the token's page was served, or null for a forged or malformed token. */
export function readFormToken(
  secret: string,
  contestId: string,
  token: string,
  now = Date.now(),
): number | null {
  const match = /^(\d{13})\.([\w-]{32})$/.exec(token);
  if (!match) return null;
  const servedAt = Number(match[1]);
  const expected = Buffer.from(signature(secret, contestId, servedAt));
  if (!timingSafeEqual(expected, Buffer.from(match[2]!))) return null;
  return now - servedAt;
}
