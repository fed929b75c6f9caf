import { z } from 'zod';

/**
 * A contest's short link, /c/{slug} (docs/product.md#short-links). These words name routes of
 * the app or the server, now or likely later: a contest holding one would shadow a page, or be
 * shadowed by it, and `c` or `new` under /c/ would read as the app's own. Kept here, in one
 * place, so that the route, the form and the tests refuse the same list.
 */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set([
  'api',
  'admin',
  'new',
  'c',
  'me',
  'media',
  'rules',
  'dashboard',
  'login',
  'signup',
  'settings',
  'account',
  'help',
  'static',
  'assets',
  'draw',
  'preview',
  'status',
  'claim',
  'confirm',
  'contests',
  'edit',
]);

export const SLUG_MIN_LENGTH = 3;
export const SLUG_MAX_LENGTH = 40;

export const slugMessages = {
  length: `A short link has ${SLUG_MIN_LENGTH} to ${SLUG_MAX_LENGTH} characters`,
  characters:
    'A short link uses lower-case letters, digits and single hyphens only, and starts and ends with a letter or digit',
  reserved: 'This word is kept for the app: choose another short link',
  looksLikeId: 'A short link cannot look like a contest id',
  taken: 'This short link is taken: choose another',
};

/** Any 8-4-4-4-12 hex shape, whatever its version: /c/{that} must only ever mean an id. */
const UUID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Lower-case words of letters and digits, joined by single hyphens. */
const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * The short link a create or update sends: left out, an edit keeps the contest's; null or blank
 * clears it (its old address keeps redirecting). Upper case is refused, not folded, so the owner
 * sees the exact link they will share.
 */
export const contestSlug = z
  .string({ error: slugMessages.characters })
  .trim()
  .refine((value) => value === '' || value.length >= SLUG_MIN_LENGTH, slugMessages.length)
  .refine((value) => value.length <= SLUG_MAX_LENGTH, slugMessages.length)
  .refine((value) => value === '' || SLUG_PATTERN.test(value), slugMessages.characters)
  .refine((value) => !RESERVED_SLUGS.has(value), slugMessages.reserved)
  .refine((value) => !UUID_SHAPE.test(value), slugMessages.looksLikeId)
  .nullable()
  .transform((value) => value || null);

/** Whether a path segment could be a short link at all (anything else is not looked up). */
export function isSlugShaped(value: string): boolean {
  return (
    value.length >= SLUG_MIN_LENGTH && value.length <= SLUG_MAX_LENGTH && SLUG_PATTERN.test(value)
  );
}

/** A contest's public address: its short link when it has one, else its id. */
export const contestPagePath = (contest: { id: string; slug: string | null }) =>
  `/c/${encodeURIComponent(contest.slug ?? contest.id)}`;
