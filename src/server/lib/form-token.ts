import { isKeyedDigest, keyedDigest } from './keyed-digest.ts';

/**
 * The entry page's form token: when the page was served, signed for one contest. It lets the
 * server measure how long the form took to fill in without trusting the browser's clock; a
 * script that posts without opening the page has no token (and is treated as any API client),
 * one that forges or reuses another contest's token is caught by the signature.
 */
const PURPOSE = 'entry-form';

export function issueFormToken(secret: string, contestId: string, now = Date.now()): string {
  return `${now}.${keyedDigest(secret, PURPOSE, `${contestId}:${now}`)}`;
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
  if (!isKeyedDigest(secret, PURPOSE, `${contestId}:${servedAt}`, match[2]!)) return null;
  return now - servedAt;
}
