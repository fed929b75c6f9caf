import type { ErrorCode } from '#shared/errors.ts';

/** The HTTP status of every error code, in one place (docs/product.md#errors). */
export const statusByCode: Record<ErrorCode, number> = {
  VALIDATION: 400,
  BAD_REQUEST: 400,
  DEAD_LINK: 400,
  INVALID_TOKEN: 400,
  NOT_AN_ENTRY: 400,
  INVALID_IMAGE: 400,
  UNAUTHORIZED: 401,
  INVALID_CREDENTIALS: 401,
  EMAIL_NOT_VERIFIED: 403,
  ACCOUNT_DEACTIVATED: 403,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONTEST_ENDED: 409,
  NOT_STARTED: 409,
  CONTEST_FULL: 409,
  ALREADY_ENTERED: 409,
  MAX_ENTRIES_TOO_LOW: 409,
  NO_ENTRIES: 409,
  ALREADY_DRAWN: 409,
  NO_WINNER: 409,
  ALL_PLACES_FILLED: 409,
  NO_ENTRIES_LEFT: 409,
  UNKNOWN_POSITION: 409,
  PICK_CHANGED: 409,
  WINNERS_COUNT_LOCKED: 409,
  CLAIM_WINDOW_LOCKED: 409,
  CONTEST_DRAWN: 409,
  NOT_PUBLISHED: 409,
  LAST_ADMIN: 409,
  CANNOT_CHANGE_SELF: 409,
  EMAIL_TAKEN: 409,
  SLUG_TAKEN: 409,
  /** Retry asked for a mail that has not failed. */
  MAIL_NOT_FAILED: 409,
  PAYLOAD_TOO_LARGE: 413,
  URI_TOO_LONG: 414,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  CAPTCHA_FAILED: 400,
  INTERNAL: 500,
  /** A server we depend on (the SMTP relay) refused or failed; the message says which. */
  MAIL_RELAY_FAILED: 502,
  /** The randomness beacon failed; the draw did not happen (no silent fallback). */
  BEACON_FAILED: 502,
  BUSY: 503,
  DRAW_STARTING: 503,
  SERVICE_UNAVAILABLE: 503,
};

/** The codes a refusal by the framework or a plugin gets from its status alone. */
const codesByFrameworkStatus: readonly ErrorCode[] = [
  'BAD_REQUEST',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'PAYLOAD_TOO_LARGE',
  'URI_TOO_LONG',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
];

/**
 * The code of a 4xx that Fastify or a plugin made itself, by its status; a status no code has
 * (406, 416, ...) keeps its status and is a BAD_REQUEST.
 */
export function codeOfFrameworkStatus(status: number): ErrorCode {
  return codesByFrameworkStatus.find((code) => statusByCode[code] === status) ?? 'BAD_REQUEST';
}

/** An expected failure whose message is safe to show to the user. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fieldErrors?: Record<string, string>,
    /** Sent as Retry-After: when a refused client may try again (429, 503). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'AppError';
  }

  get statusCode(): number {
    return statusByCode[this.code];
  }
}

/**
 * A claim link whose place is no longer its holder's (declined, expired, disqualified, redrawn):
 * 410 with the code every dead link has. The published claims contract (docs/product.md#claims)
 * asks for 410 where the older account and entry links answer 400, so this one code has two
 * statuses, and the difference lives here only.
 */
export class GoneLinkError extends AppError {
  constructor(message: string) {
    super('DEAD_LINK', message);
  }

  override get statusCode(): number {
    return 410;
  }
}
