import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  customType,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { EntryMailTemplate } from '#server/mail/templates.ts';
import { adminAuditActions, type AdminActionSource } from '#shared/contracts/admin.ts';
import type { StoredAccountBrand, StoredBrand } from '#shared/contracts/brand.ts';
import {
  CLAIM_WINDOW_DEFAULT,
  claimStatuses,
  fulfilmentStatuses,
  prizeDeliveries,
} from '#shared/contracts/claims.ts';
import type { StoredContestImages } from '#shared/contracts/contest-images.ts';
import type { ContestRules } from '#shared/contracts/contest-rules.ts';
import {
  drawActions,
  drawMethods,
  WINNERS_COUNT_MAX,
  type DrawRecord,
} from '#shared/contracts/draws.ts';
import { entryStatuses } from '#shared/contracts/entries.ts';
import type { EntryFlag } from '#shared/contracts/entry-flags.ts';
import { drawDecisions, type ExcludedByFlag } from '#shared/contracts/flag-review.ts';
import { mailPurposes, mailStatuses } from '#shared/contracts/mail-queue.ts';
import {
  REFERRAL_BONUS_DEFAULT,
  REFERRAL_BONUS_MAX,
  REFERRAL_CAP_DEFAULT,
  REFERRAL_CAP_MAX,
  REFERRAL_CAP_MIN,
} from '#shared/contracts/referrals.ts';

type DrawBeacon = NonNullable<DrawRecord['beacon']>;
type PublicWinner = { position: number; displayName: string };

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

export const userRoles = ['user', 'admin'] as const;
export type UserRole = (typeof userRoles)[number];

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    googleId: text('google_id').unique(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    profileImageUrl: text('profile_image_url'),
    role: text('role', { enum: userRoles }).notNull().default('user'),
    isActive: boolean('is_active').notNull().default(true),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    // The account's brand, which its contests show unless they set their own
    // (docs/product.md#the-owners-brand).
    brand: jsonb('brand').$type<StoredAccountBrand>().notNull().default({}),
    ...timestamps,
  },
  (table) => [
    // E-mail identity is case-insensitive; the index, not a lookup, guarantees it.
    uniqueIndex('users_email_lower_idx').on(sql`lower(${table.email})`),
    check('users_role_check', sql`${table.role} in ('user', 'admin')`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    // The SHA-256 of the cookie's token: a leaked table does not yield usable sessions.
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    client: jsonb('client').$type<{ userAgent?: string; ip?: string }>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('sessions_expires_at_idx').on(table.expiresAt),
    index('sessions_user_idx').on(table.userId),
  ],
);

export const tokenPurposes = ['verify_email', 'password_reset'] as const;
export type TokenPurpose = (typeof tokenPurposes)[number];

export const emailTokens = pgTable(
  'email_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: tokenPurposes }).notNull(),
    // SHA-256 of the token; the token itself exists only in the e-mail.
    token: text('token').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('email_tokens_user_idx').on(table.userId, table.purpose)],
);

/**
 * Every mail the product sends, from the transaction that caused it until it is handed over
 * (docs/decisions/028-durable-mail-queue.md). The queue's job carries only the row's id; the row is
 * what the admin's Mail tab counts, what an owner's pending entry shows, and, without SMTP, the
 * outbox a developer reads. A mail handed to an SMTP relay keeps no body: its links held tokens.
 */
export const mails = pgTable(
  'mails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purpose: text('purpose', { enum: mailPurposes }).notNull(),
    recipient: text('recipient').notNull(),
    /** The From line's display name, e.g. "Coach Ana via Prizewheel"; null: the configured one. */
    senderName: text('sender_name'),
    subject: text('subject').notNull(),
    /** Empty while an entrant's mail waits: its template renders it when it is sent. */
    text: text('text').notNull().default(''),
    html: text('html').notNull().default(''),
    /**
     * An entrant's mail as queued: what it says (decided then), a few hundred bytes rendered into
     * its text and HTML when it is sent (decision 038); null once handed to a relay, and for other
     * mails.
     */
    template: jsonb('template').$type<EntryMailTemplate>(),
    /** The links a developer without SMTP needs from the log (tokens included). */
    links: text('links')
      .array()
      .notNull()
      .default(sql`'{}'`),
    /** The entry whose confirmation or receipt this is. */
    entryId: uuid('entry_id'),
    status: text('status', { enum: mailStatuses }).notNull().default('queued'),
    transport: text('transport', { enum: ['smtp', 'outbox'] }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** When the sender may take it (now when queued; later after a temporary failure). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** A temporary failure after this gives the mail up (24 h from queueing or a retry by hand). */
    retryUntil: timestamp('retry_until', { withTimezone: true })
      .notNull()
      .default(sql`now() + interval '24 hours'`),
    /** Taken by a sender until then: another one takes it only once this has passed. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    // The per-mailbox limit of entry mails counts by the folded address (aliases included).
    index('mails_recipient_key_idx')
      .on(sql`fold_email(${table.recipient})`, table.createdAt)
      .where(sql`${table.purpose} in ('entry-confirmation', 'entry-receipt')`),
    index('mails_entry_idx')
      .on(table.entryId)
      .where(sql`${table.entryId} is not null`),
    // The mails not (yet) sent, few beside the sent ones: the admin's waiting and failed mails.
    index('mails_unsent_idx')
      .on(table.status, table.createdAt)
      .where(sql`${table.status} <> 'sent'`),
    index('mails_created_idx').on(table.createdAt),
    // What the sender takes next: the mails waiting, by when they are due.
    index('mails_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.status} in ('queued', 'retrying')`),
  ],
);

export type User = typeof users.$inferSelect;

export const contests = pgTable(
  'contests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    prizeDetails: text('prize_details').notNull(),
    prizeValue: text('prize_value'),
    endDate: timestamp('end_date', { withTimezone: true }).notNull(),
    maxEntries: integer('max_entries'),
    // False for a draft (never published) and for a paused contest: no entries either way.
    isActive: boolean('is_active').notNull().default(true),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    confirmationMessage: text('confirmation_message'),
    winnerId: uuid('winner_id').references((): AnyPgColumn => contestEntries.id, {
      onDelete: 'set null',
    }),
    winnerSelectedAt: timestamp('winner_selected_at', { withTimezone: true }),
    // Maintained in the same transaction as every insert, under the contest row lock: exact
    // maxEntries across instances and O(1) counts for the public page.
    entryCount: integer('entry_count').notNull().default(0),
    // The verifiable draw (docs/draw-protocol.md). The seed is secret until the first draw; its
    // hash is the public commitment, made when the contest is first published.
    winnersCount: integer('winners_count').notNull().default(1),
    drawSeed: text('draw_seed'),
    seedHash: text('seed_hash'),
    committedAt: timestamp('committed_at', { withTimezone: true }),
    // Set by the first draw, which closes entries for good and fixes the list drawn from.
    frozenAt: timestamp('frozen_at', { withTimezone: true }),
    frozenEntryCount: integer('frozen_entry_count'),
    entriesRoot: text('entries_root'),
    beacon: jsonb('beacon').$type<DrawBeacon>(),
    // Drawn before verifiable draws existed: that winner is in the private history only.
    predatesVerifiableDraws: boolean('predates_verifiable_draws').notNull().default(false),
    // The current winners' public names by position, kept with the picks under the row lock so
    // the public page reads them with the contest.
    winners: jsonb('winners').$type<PublicWinner[]>().notNull().default([]),
    // From a redraw of every place until each has a winner again: the public page says the
    // places are being drawn again (docs/product.md#the-draw), kept with the winners above.
    redrawing: boolean('redrawing').notNull().default(false),
    // Double opt-in: entries stay pending until their e-mail's link is opened (decision 019).
    requireConfirmation: boolean('require_confirmation').notNull().default(false),
    // The owner's rule per flag (docs/product.md#flagged-entries): entries with one of these
    // flags stay out of the draw unless the owner lets that entry in; the others are drawn from
    // unless the owner leaves that entry out. Fixed by the first draw, as the list is.
    excludedFlags: text('excluded_flags')
      .array()
      .$type<EntryFlag[]>()
      .notNull()
      .default(sql`'{alias}'::text[]`),
    // How many confirmed entries the freeze left out, and how many of those carried each flag
    // (the public record shows both, never who).
    frozenLeftOut: integer('frozen_left_out'),
    frozenExcluded: jsonb('frozen_excluded').$type<ExcludedByFlag[]>(),
    // Referrals (docs/product.md#referrals): bonus entries per counted referral (0: off), the
    // most one entrant can earn, and whether the entry page shows the top referrers.
    referralBonus: integer('referral_bonus').notNull().default(REFERRAL_BONUS_DEFAULT),
    referralCap: integer('referral_cap').notNull().default(REFERRAL_CAP_DEFAULT),
    showLeaderboard: boolean('show_leaderboard').notNull().default(false),
    // Claims (docs/product.md#claims): each winner is mailed and has this long to claim, unless
    // the owner does not notify winners; the window is fixed by the first draw.
    claimWindowMinutes: integer('claim_window_minutes').notNull().default(CLAIM_WINDOW_DEFAULT),
    notifyWinners: boolean('notify_winners').notNull().default(true),
    prizeDelivery: text('prize_delivery', { enum: prizeDeliveries }).notNull().default('digital'),
    // Rules, schedule and consent (docs/product.md#rules-schedule-and-consent): entries open at
    // the start (null: once published); dates are written for entrants in the zone; the rules'
    // fields (null: none; their text is versioned in contest_rules_versions); the marketing
    // consent sentence (empty: no box); the rules version in force when the entries were frozen.
    startDate: timestamp('start_date', { withTimezone: true }),
    timeZone: text('time_zone').notNull().default('UTC'),
    rules: jsonb('rules').$type<ContestRules>(),
    consentText: text('consent_text').notNull().default(''),
    frozenRulesVersion: integer('frozen_rules_version'),
    // The cover and logo (docs/product.md#contest-images): each one's size and the keys of its
    // renditions in media_objects. The index answers "does any contest still use this file?".
    images: jsonb('images').$type<StoredContestImages>().notNull().default({}),
    // The short link, /c/{slug} (docs/product.md#short-links); null: the page is /c/{id}.
    slug: text('slug').unique('contests_slug_unique'),
    // The brand (docs/product.md#the-owners-brand): the contest's own fields, and a copy of its
    // owner's account brand, rewritten with it, so that every reader of a contest (its page, its
    // mails, its link preview) has the brand without another query (decision 044).
    brand: jsonb('brand').$type<StoredBrand>().notNull().default({}),
    ownerBrand: jsonb('owner_brand').$type<StoredAccountBrand>().notNull().default({}),
    ...timestamps,
  },
  (table) => [
    index('contests_owner_idx').on(table.ownerId, table.createdAt),
    index('contests_images_idx').using('gin', sql`${table.images} jsonb_path_ops`),
    check('contests_claim_window_check', sql`${table.claimWindowMinutes} between 1 and 43200`),
    check(
      'contests_prize_delivery_check',
      sql`${table.prizeDelivery} in ('digital', 'shipping', 'pickup')`,
    ),
    check(
      'contests_winners_count_check',
      sql`${table.winnersCount} between 1 and ${sql.raw(String(WINNERS_COUNT_MAX))}`,
    ),
    check(
      'contests_max_entries_check',
      sql`${table.maxEntries} is null or ${table.maxEntries} >= 1`,
    ),
    check('contests_entry_count_check', sql`${table.entryCount} >= 0`),
    check(
      'contests_referral_bonus_check',
      sql`${table.referralBonus} between 0 and ${sql.raw(String(REFERRAL_BONUS_MAX))}`,
    ),
    check(
      'contests_referral_cap_check',
      sql`${table.referralCap} between ${sql.raw(String(REFERRAL_CAP_MIN))} and ${sql.raw(String(REFERRAL_CAP_MAX))}`,
    ),
  ],
);

export const contestEntries = pgTable(
  'contest_entries',
  {
    // Time-ordered (UUID version 7 layout, migration 0005): a viral contest's inserts land at
    // the primary key's right edge instead of on random pages of a large index (decision 010).
    id: uuid('id')
      .primaryKey()
      .default(sql`time_ordered_uuid()`),
    contestId: uuid('contest_id')
      .notNull()
      .references(() => contests.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    // As the entrant typed it; `emailKey` is the mailbox it reaches, folded as mail providers
    // fold addresses (case, +tags, Gmail's dots): the duplicate check compares keys.
    email: text('email').notNull(),
    // Computed by the database (fold_email, migration 0010) from whatever writes the row.
    emailKey: text('email_key')
      .notNull()
      .generatedAlwaysAs(sql`fold_email(email)`),
    status: text('status', { enum: entryStatuses }).notNull().default('confirmed'),
    flags: text('flags')
      .array()
      .$type<EntryFlag[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    // The owner's decision for this flagged entry, over the contest's rule for its flags: null
    // follows the rule.
    drawDecision: text('draw_decision', { enum: drawDecisions }),
    // SHA-256 of the entry's confirmation token (a pending entry's, or a referred friend's on a
    // contest without double opt-in); kept once used, to say so.
    confirmTokenHash: text('confirm_token_hash').unique(),
    // When the entrant proved their mailbox by the mailed link: only a proven friend's entry
    // counts for their referrer (docs/product.md#referrals).
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    // Millisecond precision, as a JavaScript Date carries: the list's paging cursor names it.
    entryDate: timestamp('entry_date', { withTimezone: true })
      .notNull()
      .default(sql`date_trunc('milliseconds', now())`),
    // Referrals (docs/product.md#referrals), for entries made while the contest had them on:
    // the entrant's own code (their link's ?ref=), the entry whose link brought them (when it
    // counts), and keyed hashes of their client address (IPv6: its /64) and, for IPv6, of the
    // /56 and /48 around it, so that a friend from the network of the referrer or of their
    // earlier friends credits nobody (no address is stored).
    referralCode: text('referral_code'),
    referredBy: uuid('referred_by'),
    // The entry whose link the friend came through, even when it credits nobody (the same
    // network): the referrer's status page and the owner's list say why such a friend does not
    // count (docs/product.md#referrals).
    invitedBy: uuid('invited_by'),
    clientHash: text('client_hash'),
    clientHash56: text('client_hash56'),
    clientHash48: text('client_hash48'),
    // The rules version in force when the entry was made (null: the contest had no rules), the
    // entrant's country where the rules ask for one, and their marketing consent: given at
    // `consentAt` to the sentence whose SHA-256 is kept, until withdrawn.
    rulesVersion: integer('rules_version'),
    country: text('country'),
    consentSha256: text('consent_sha256'),
    consentAt: timestamp('consent_at', { withTimezone: true }),
    consentWithdrawnAt: timestamp('consent_withdrawn_at', { withTimezone: true }),
    // The entrant withdrew after the freeze: name and e-mail are erased, the row stays for the
    // record's leaf (before the freeze a withdrawn entry is deleted).
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
  },
  (table) => [
    // An entrant's own page (/me) lists their mailbox's entries in every contest.
    index('contest_entries_email_key_idx').on(table.emailKey),
    // One entry per mailbox per contest: the index is the guarantee. Entries stored before
    // addresses were folded that reach one mailbox were flagged as aliases by the migration,
    // and stay until the owner removes one.
    uniqueIndex('contest_entries_contest_email_key_idx')
      .on(table.contestId, table.emailKey)
      .where(sql`not ('alias' = any(${table.flags}))`),
    index('contest_entries_contest_date_idx').on(table.contestId, table.entryDate, table.id),
    // The purge of unconfirmed entries finds them by age.
    index('contest_entries_pending_idx')
      .on(table.contestId, table.entryDate)
      .where(sql`${table.status} = 'pending'`),
    check('contest_entries_status_check', sql`${table.status} in ('confirmed', 'pending')`),
    check(
      'contest_entries_draw_decision_check',
      sql`${table.drawDecision} is null or ${table.drawDecision} in ('include', 'exclude')`,
    ),
    // A link's code finds its entrant; a referrer's referrals are counted from their friends.
    index('contest_entries_referral_code_idx')
      .on(table.contestId, table.referralCode)
      .where(sql`${table.referralCode} is not null`),
    index('contest_entries_referred_by_idx')
      .on(table.contestId, table.referredBy)
      .where(sql`${table.referredBy} is not null`),
    index('contest_entries_invited_by_idx')
      .on(table.contestId, table.invitedBy)
      .where(sql`${table.invitedBy} is not null`),
  ],
);

export type Contest = typeof contests.$inferSelect;
export type ContestEntry = typeof contestEntries.$inferSelect;

/**
 * Every draw and reset, kept: the owner can show how each winner was chosen, and an admin can
 * still read it after the contest is deleted (decision 016).
 */
export const contestDraws = pgTable(
  'contest_draws',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // No foreign key, as admin_audit's target: deleting the contest must not erase a re-roll.
    contestId: uuid('contest_id').notNull(),
    // Copied at the draw, so the record still names its contest once the contest is gone.
    contestTitle: text('contest_title').notNull(),
    contestOwnerEmail: text('contest_owner_email').notNull(),
    // The winner drawn, picked or reset; its name and e-mail are copied so the record outlives it.
    entryId: uuid('entry_id').references(() => contestEntries.id, { onDelete: 'set null' }),
    entrantName: text('entrant_name'),
    entrantEmail: text('entrant_email'),
    action: text('action', { enum: drawActions }).notNull(),
    // Why a winner was disqualified (public, in the draw record too).
    reason: text('reason'),
    entryCount: integer('entry_count').notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('contest_draws_contest_idx').on(table.contestId, table.createdAt),
    index('contest_draws_created_idx').on(table.createdAt),
    check(
      'contest_draws_action_check',
      sql`${table.action} in ('random', 'manual', 'reset', 'disqualify', 'draw-stopped')`,
    ),
  ],
);

/**
 * The leaves of a contest's frozen entry list (docs/draw-protocol.md#2-freeze), written once by
 * the first draw: the public record serves them as they were frozen, without hashing 100,000 ids
 * per request. A table of its own, so reading a contest never reads them.
 */
export const contestLeaves = pgTable('contest_leaves', {
  contestId: uuid('contest_id')
    .primaryKey()
    .references(() => contests.id, { onDelete: 'cascade' }),
  // The 64-character hex leaves, concatenated in the frozen order.
  leaves: text('leaves').notNull(),
  // A weighted draw's weights (protocol v2), comma-separated in the same order; null for v1.
  weights: text('weights'),
});

export const pickStatuses = ['winner', 'disqualified'] as const;

/**
 * Every pick of a contest's verifiable draw, numbered p = 1, 2, … over its life: the public
 * record replays them in this order (docs/draw-protocol.md#4-draw). A disqualified pick stays,
 * with its reason; only one current winner per position.
 */
export const contestPicks = pgTable(
  'contest_picks',
  {
    contestId: uuid('contest_id')
      .notNull()
      .references(() => contests.id, { onDelete: 'cascade' }),
    p: integer('p').notNull(),
    position: integer('position').notNull(),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => contestEntries.id, { onDelete: 'cascade' }),
    index: integer('index').notNull(),
    attempts: integer('attempts').notNull(),
    method: text('method', { enum: drawMethods }).notNull(),
    status: text('status', { enum: pickStatuses }).notNull().default('winner'),
    reason: text('reason'),
    // Copied at the pick: the record's name stays what it was when the winner was announced.
    displayName: text('display_name').notNull(),
    drawnAt: timestamp('drawn_at', { withTimezone: true }).notNull(),
    disqualifiedAt: timestamp('disqualified_at', { withTimezone: true }),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    // The claim's public state (docs/product.md#claims), in the record beside the pick: picks
    // made before claims existed, or of a contest that does not notify, need no claim.
    claimStatus: text('claim_status', { enum: claimStatuses }).notNull().default('not-required'),
    claimDeadline: timestamp('claim_deadline', { withTimezone: true }),
    fulfilment: text('fulfilment', { enum: fulfilmentStatuses }),
  },
  (table) => [
    primaryKey({ columns: [table.contestId, table.p] }),
    check(
      'contest_picks_claim_status_check',
      sql`${table.claimStatus} in ('pending', 'claimed', 'declined', 'expired', 'not-required')`,
    ),
    check(
      'contest_picks_fulfilment_check',
      sql`${table.fulfilment} is null or ${table.fulfilment} in ('sent', 'delivered')`,
    ),
    uniqueIndex('contest_picks_entry_idx').on(table.contestId, table.entryId),
    // Two racing draws can never both fill one place: the second insert fails.
    uniqueIndex('contest_picks_winner_position_idx')
      .on(table.contestId, table.position)
      .where(sql`${table.status} = 'winner'`),
    check('contest_picks_method_check', sql`${table.method} in ('random', 'manual')`),
    check('contest_picks_status_check', sql`${table.status} in ('winner', 'disqualified')`),
  ],
);

// The list lives with the contract: the audit screen names the same actions.
export const adminActions = adminAuditActions;
export type AdminAction = (typeof adminActions)[number];

/** What an audit row remembers beyond its ids: enough to read it after the target is gone. */
export type AdminAuditDetail = {
  /** Absent on rows written before the CLI was audited: those all came from the panel. */
  via?: AdminActionSource;
  targetEmail?: string;
  contestTitle?: string;
  role?: UserRole;
  isActive?: boolean;
};

/** Every admin action: who did what to whom, and when. Rows outlive their actor and target. */
export const adminAudit = pgTable(
  'admin_audit',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action', { enum: adminActions }).notNull(),
    targetUserId: uuid('target_user_id').references(() => users.id, { onDelete: 'set null' }),
    // No foreign key: deleting the contest is itself an audited action, and its row must stay.
    targetContestId: uuid('target_contest_id'),
    detail: jsonb('detail').$type<AdminAuditDetail>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('admin_audit_created_idx').on(table.createdAt),
    check(
      'admin_audit_action_check',
      sql.raw(`"action" in (${adminActions.map((action) => `'${action}'`).join(', ')})`),
    ),
  ],
);

/**
 * Request counts per rate-limit key (route and client address) and fixed window, shared by
 * every instance (decision 008). A row whose window has ended is reset by the next hit on its
 * key, or deleted by the periodic sweep.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    windowEnd: timestamp('window_end', { withTimezone: true }).notNull(),
  },
  (table) => [index('rate_limits_window_end_idx').on(table.windowEnd)],
);

/**
 * What a winner gave when claiming, and the owner's private note on the prize's way: never in
 * the public record (its state is on the pick). The claim's fields are null for a place that
 * needed no claim (a contest that does not notify), whose prize the owner still reports sent.
 */
export const prizeClaims = pgTable(
  'prize_claims',
  {
    contestId: uuid('contest_id').notNull(),
    p: integer('p').notNull(),
    fullName: text('full_name'),
    deliveryAddress: text('delivery_address'),
    publicityConsent: boolean('publicity_consent'),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    fulfilmentNote: text('fulfilment_note'),
    fulfilmentAt: timestamp('fulfilment_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.contestId, table.p] }),
    foreignKey({
      columns: [table.contestId, table.p],
      foreignColumns: [contestPicks.contestId, contestPicks.p],
    }).onDelete('cascade'),
  ],
);

/**
 * A winner's claim links: only each token's SHA-256 is kept. The notice, its reminder and each
 * resend carry a link of their own; every one leads to the same place until it is settled.
 */
export const claimLinks = pgTable(
  'claim_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    contestId: uuid('contest_id').notNull(),
    p: integer('p').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('claim_links_pick_idx').on(table.contestId, table.p),
    foreignKey({
      columns: [table.contestId, table.p],
      foreignColumns: [contestPicks.contestId, contestPicks.p],
    }).onDelete('cascade'),
  ],
);

/**
 * The text of a contest's official rules, one row per version: publishing fixes version 1 and
 * every change that alters the text adds the next (docs/product.md#official-rules). The hash is
 * of the text exactly as rules.txt serves it.
 */
export const contestRulesVersions = pgTable(
  'contest_rules_versions',
  {
    contestId: uuid('contest_id')
      .notNull()
      .references(() => contests.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    sha256: text('sha256').notNull(),
    text: text('text').notNull(),
  },
  (table) => [primaryKey({ columns: [table.contestId, table.version] })],
);

/**
 * The short links a contest has given up (changed or cleared): each keeps redirecting to the
 * contest's page, and no other contest may take it (decision 043). The contest may take it back.
 */
export const retiredSlugs = pgTable(
  'retired_slugs',
  {
    slug: text('slug').primaryKey(),
    contestId: uuid('contest_id')
      .notNull()
      .references(() => contests.id, { onDelete: 'cascade' }),
    retiredAt: timestamp('retired_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('retired_slugs_contest_idx').on(table.contestId)],
);

/**
 * An entrant's sign-in link to their own page (/me): 15 minutes, used once, kept as SHA-256.
 * It names a folded mailbox, never an account.
 */
export const entrantLinks = pgTable(
  'entrant_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    emailKey: text('email_key').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('entrant_links_expires_idx').on(table.expiresAt)],
);

/** The session an entrant's link opens on their own page, kept as SHA-256 of its cookie. */
export const entrantSessions = pgTable(
  'entrant_sessions',
  {
    idHash: text('id_hash').primaryKey(),
    emailKey: text('email_key').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('entrant_sessions_expires_idx').on(table.expiresAt)],
);

const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  // PGlite answers a Uint8Array, node-postgres a Buffer: one type for the code that reads them.
  fromDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

/**
 * Stored files by key (`{sha256}.{ext}`), written and read only through
 * `src/server/lib/media-store.ts`, so that an object store can take their place.
 */
export const mediaObjects = pgTable('media_objects', {
  key: text('key').primaryKey(),
  contentType: text('content_type').notNull(),
  bytes: bytea('bytes').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
