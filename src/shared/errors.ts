/**
 * The stable codes of the API's refusals (docs/product.md#errors): clients decide on these,
 * never on a message's text. The server maps each to one HTTP status in one place.
 */
export const errorCodes = [
  /** A field is invalid: `errors` holds one message per field. */
  'VALIDATION',
  /** A malformed request that is not about a field: invalid JSON, a bad URL, a bad CSV file. */
  'BAD_REQUEST',
  /** A verification or password-reset link that is unknown, used, replaced or expired. */
  'DEAD_LINK',
  /** The manual reset's token does not match the account. */
  'INVALID_TOKEN',
  /** An upload that is not a JPEG, PNG or WebP image we can read, or has over 40 megapixels. */
  'INVALID_IMAGE',
  /** The winner chosen by hand is not an entry of this contest. */
  'NOT_AN_ENTRY',
  /** No session, or it has ended: sign in again. */
  'UNAUTHORIZED',
  /** A wrong e-mail or password (sign-in, or the verification page's password). */
  'INVALID_CREDENTIALS',
  'EMAIL_NOT_VERIFIED',
  'ACCOUNT_DEACTIVATED',
  /** Not an admin, or a cross-site request. */
  'FORBIDDEN',
  'NOT_FOUND',
  'CONTEST_ENDED',
  'NOT_STARTED',
  /**
   * The first draw has closed entries and waits for its public randomness (503, Retry-After):
   * should that fail, entries reopen.
   */
  'DRAW_STARTING',
  'CONTEST_FULL',
  'ALREADY_ENTERED',
  /** Max entries below the entries already received. */
  'MAX_ENTRIES_TOO_LOW',
  'NO_ENTRIES',
  'ALREADY_DRAWN',
  'NO_WINNER',
  /** A draw when every place already has a winner. */
  'ALL_PLACES_FILLED',
  /** Every entry has been picked: no one is left to draw or to replace a disqualified winner. */
  'NO_ENTRIES_LEFT',
  /** A disqualification naming a place that has no current winner. */
  'UNKNOWN_POSITION',
  /** A disqualification naming a pick that is no longer that place's winner (a stale screen). */
  'PICK_CHANGED',
  /** Changing the number of winners after the first draw. */
  'WINNERS_COUNT_LOCKED',
  /** The claim window is fixed by the first draw (docs/product.md#claims). */
  'CLAIM_WINDOW_LOCKED',
  /** Moving the end date of, pausing or resuming a contest whose winners are drawn. */
  'CONTEST_DRAWN',
  /** A draw on a draft: its draw has no public commitment yet. */
  'NOT_PUBLISHED',
  'LAST_ADMIN',
  /** An admin demoting or deactivating their own account. */
  'CANNOT_CHANGE_SELF',
  /** Creating an account whose address is taken (the CLI; sign-up never tells). */
  'EMAIL_TAKEN',
  /** A contest's short link held, or given up, by another contest (docs/product.md#short-links). */
  'SLUG_TAKEN',
  'MAIL_NOT_FAILED',
  'PAYLOAD_TOO_LARGE',
  'URI_TOO_LONG',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  /** The operator's CAPTCHA was missing, failed, or its token was used before. */
  'CAPTCHA_FAILED',
  'INTERNAL',
  /** The SMTP relay refused or failed the admin's test mail. */
  'MAIL_RELAY_FAILED',
  /** The drand beacon the draw waits for was unreachable, late or wrongly signed. */
  'BEACON_FAILED',
  /** The entry queue is full: retry after Retry-After. */
  'BUSY',
  /** The database is away. */
  'SERVICE_UNAVAILABLE',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

export function isErrorCode(value: unknown): value is ErrorCode {
  return (errorCodes as readonly unknown[]).includes(value);
}

/** The body of every error answer. */
export type ErrorBody = { message: string; code: ErrorCode; errors?: Record<string, string> };
