import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes, URL-safe: unguessable and fits in a link. */
export function createRandomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored only as this digest, so a database leak grants nothing. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}
