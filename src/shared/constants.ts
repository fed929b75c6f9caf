/**
 * Business constants, shared by server and client so that both enforce the same figures
 * (docs/product.md#times-refreshes-and-constants, #validation-rules).
 */

export const PRODUCT_NAME = 'Prizewheel';

export const PASSWORD_MIN_LENGTH = 8;
/** Long enough for any passphrase, short enough that hashing it cannot be used to burn CPU. */
export const PASSWORD_MAX_LENGTH = 256;
export const EMAIL_MAX_LENGTH = 254;
export const NAME_MAX_LENGTH = 100;

export const UNAUTHORIZED_REDIRECT_DELAY_MS = 500;
export const ADMIN_LOGIN_REDIRECT_DELAY_MS = 1000;

export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;

export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

export const VERIFICATION_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
export const PASSWORD_RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export const CONTEST_TITLE_MAX_LENGTH = 120;
export const CONTEST_DESCRIPTION_MAX_LENGTH = 2000;
export const CONTEST_PRIZE_DETAILS_MAX_LENGTH = 500;
export const CONTEST_PRIZE_VALUE_MAX_LENGTH = 50;
export const CONTEST_CONFIRMATION_MAX_LENGTH = 500;
export const MAX_ENTRIES_LIMIT = 10_000_000;
export const ENTRANT_NAME_MAX_LENGTH = 100;

export const CSV_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
/** Data rows (below the header) per import: a 5 MB file of short rows holds ~430,000. */
export const CSV_IMPORT_MAX_ROWS = 100_000;

export const LIST_CLOCK_REFRESH_MS = 60_000;
export const ENTRY_COUNT_REFETCH_MS = 30_000;
/**
 * An open contest's dashboard asks for its entries this often while its tab is shown, so a new
 * entry appears within 3 s (docs/product.md#times-refreshes-and-constants).
 */
export const LIVE_DASHBOARD_REFRESH_MS = 2_000;
export const COUNTDOWN_TICK_MS = 1000;

/** A pending entry's confirmation link works this long; the entry is then purged. */
export const ENTRY_CONFIRMATION_TTL_MS = 48 * 60 * 60 * 1000;
/** People take longer than this to fill in two fields after the page opens; scripts do not. */
export const ENTRY_MIN_FILL_MS = 2000;
