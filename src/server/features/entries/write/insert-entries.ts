import { and, eq, exists, sql } from 'drizzle-orm';
import { queryPreparedRows, type Db } from '#server/db/client.ts';
import { contestEntries } from '#server/db/schema.ts';
import { isLargeMailProvider } from '#server/lib/mail-providers.ts';
import { FRIENDS_PER_WIDE_NETWORK } from '#server/lib/referral-counts.ts';
import { createRandomToken } from '#server/lib/tokens.ts';
import {
  countHitsStatement,
  readHitCounts,
  type HitCount,
  type Hits,
} from '#server/plugins/rate-limit.ts';
import type { EntryStatus } from '#shared/contracts/entries.ts';
import {
  ADDRESS_FLAG_AFTER,
  ADDRESS_REFUSE_AFTER,
  ADDRESS_WINDOW_MS,
  DOMAIN_FLAG_AFTER,
  DOMAIN_WINDOW_MS,
  WIDE_NETWORK_LIMITS,
  type EntryFlag,
} from '#shared/contracts/entry-flags.ts';
import type { EntryTerms } from '#shared/contracts/entry-terms.ts';
import {
  entriesToMail,
  lockMailboxesStatement,
  mailboxKeysOf,
  mailBrandSql,
  queueEntryMails,
  screenMailLimit,
  type EntryMailing,
} from '../confirmation/entry-mails.ts';
import {
  hashConfirmToken,
  isExpiredPending,
  purgeExpiredPending,
  renewPendingLinks,
} from '../confirmation/pending-entries.ts';
import { emailDomain } from '../core/email-identity.ts';
import {
  entryDateNow,
  type EntryCandidate,
  type EntryOutcome,
  type Transaction,
} from '../core/entry-batch.ts';
import { consentHashes, screenTerms, type LockedTerms } from './entry-terms.ts';

/**
 * `byOwner`: an owner's import, which skips the entering rules (active and before the end, by
 * the database clock) but still respects maxEntries and the draw's freeze, and whose rows the
 * owner vouches for (never pending). Entries from the entry form follow the rules; those that
 * carry a client address are also counted for bursts.
 */
export type InsertOptions = {
  byOwner: boolean;
  /** Mails entrants in the batch's transaction (confirmation links, referral receipts). */
  mailing?: EntryMailing;
};

/**
 * Rows per INSERT. The rows travel as array parameters (unnest), so the statement's size does
 * not grow with them; the chunk only bounds one statement's work and memory.
 */
const INSERT_CHUNK = 5000;

/** A wider IPv6 network's burst key and its limits. */
type NetworkKey = { key: string; flagAfter: number; refuseAfter: number };

/** The keys a candidate's entry counts on for bursts (none for an entry without an address). */
type BurstKeys = { address: string | null; domain: string | null; networks: NetworkKey[] };

/** A candidate with the flags it will be stored with (its own, then the batch's). */
type Prepared = {
  name: string;
  email: string;
  flags: EntryFlag[];
  burstKeys: BurstKeys;
  ref: string | null;
  clientHash: string | null;
  clientHash56: string | null;
  clientHash48: string | null;
  terms: EntryTerms | undefined;
};

/**
 * Inserts candidates in order, within one transaction holding the contest's row lock, so the
 * capacity check and the counter update see every other writer's committed work (any instance).
 * The unique index on the folded address decides duplicates (ON CONFLICT DO NOTHING), including
 * within the batch. The burst counts and the purge of expired pending entries run here too, one
 * statement per batch rather than one per entry (docs/product.md#trusted-leads).
 */
export async function insertEntries(
  db: Db,
  contestId: string,
  candidates: EntryCandidate[],
  options: InsertOptions,
): Promise<EntryOutcome[]> {
  const prepared: Prepared[] = candidates.map((candidate) => ({
    name: candidate.name,
    email: candidate.email,
    flags: candidate.flags ? [...candidate.flags] : [],
    burstKeys: burstKeysOf(contestId, candidate),
    ref: candidate.ref ?? null,
    clientHash: candidate.clientHash ?? null,
    clientHash56: candidate.clientHash56 ?? null,
    clientHash48: candidate.clientHash48 ?? null,
    terms: candidate.terms,
  }));
  creditOneFriendPerNetwork(prepared);
  const hits = tallyHits(prepared);
  const emails = prepared.map((candidate) => candidate.email);
  return db.transaction(async (tx) => {
    // The mailboxes of a batch that will mail them, locked with the contest (entry-mails.ts).
    const mailboxes = options.byOwner || !options.mailing ? [] : mailboxKeysOf(emails);
    const contest = await lockContest(tx, contestId, hits, mailboxes);
    if (!contest) return candidates.map(() => ({ status: 'not_found' as const }));
    if (contest.isDrawStarting) return candidates.map(() => ({ status: 'draw_starting' as const }));
    if (contest.isFrozen || (!options.byOwner && !contest.isOpen)) {
      return candidates.map(() => ({ status: 'ended' as const }));
    }
    if (
      !options.byOwner &&
      contest.startDateMs !== null &&
      contest.startDateMs > contest.entryDateMs
    ) {
      const startDate = new Date(contest.startDateMs);
      return candidates.map(() => ({
        status: 'not_started' as const,
        startDate,
        timeZone: contest.timeZone,
      }));
    }
    const isPending = contest.requireConfirmation && !options.byOwner;
    const hasReferrals = contest.referralBonus > 0;
    // An unconfirmed entry past its link's life no longer holds its address (also once the
    // owner has stopped asking for confirmation: its pending entries remain).
    if (contest.hasExpiredPending) await purgeExpiredPending(tx, contestId);

    const outcomes: EntryOutcome[] = new Array(candidates.length);
    const counts = readHitCounts(contest.hits ?? [], hits);
    const burstScreened = screenBursts(prepared, hits, counts, outcomes);
    // An import carries no declarations: the owner vouches for the rows.
    const screened = options.byOwner
      ? burstScreened
      : screenTerms(
          prepared.map((candidate) => candidate.terms),
          contest,
          burstScreened,
          outcomes,
        );
    const mailing = options.byOwner ? undefined : options.mailing;
    const sendsMail = mailing !== undefined && (isPending || contest.referralBonus > 0);
    const eligible = sendsMail
      ? await screenMailLimit(tx, emails, mailboxes, screened, outcomes)
      : screened;

    // Pending entries do not take places (only confirmations do), but none are taken once full.
    const places = contest.maxEntries === null ? Infinity : contest.maxEntries - contest.entryCount;
    let remaining = isPending && places > 0 ? Infinity : places;
    // Near capacity each INSERT takes at most `remaining` rows, and with many of them already
    // entered it fills a place or two per statement: one row each, at worst. Setting the stored
    // ones aside first (one query) lets the next statement fill every place left. A batch that
    // fits, the usual case, skips the query.
    const open =
      remaining > 0 && remaining < eligible.length
        ? await setAsideStored(tx, contestId, prepared, eligible, outcomes)
        : eligible;
    const entry = {
      entryDate: new Date(contest.entryDateMs),
      status: (isPending ? 'pending' : 'confirmed') as EntryStatus,
    };
    let next = 0;
    while (next < open.length && remaining > 0) {
      const positions = open.slice(next, next + Math.min(INSERT_CHUNK, remaining));
      const chunk = positions.map((position) => prepared[position]!);
      // A pending entry confirms by its link; on a referral contest so does a referred friend
      // (who is in the draw at once), to prove the mailbox their referrer's bonus rests on.
      const tokens = chunk.map((candidate) =>
        isPending || (hasReferrals && candidate.ref) ? createRandomToken() : null,
      );
      const rows = await insertChunk(tx, contestId, chunk, tokens, {
        isPending,
        hasReferrals,
        rulesVersion: contest.rulesVersion,
        consentText: contest.consentText,
      });
      assignOutcomes(outcomes, positions, chunk, tokens, rows, entry, isPending);
      remaining -= rows.length;
      next += positions.length;
    }
    for (const position of open.slice(next)) outcomes[position] = { status: 'full' };
    if (isPending && mailing) await renewPendingLinks(tx, contestId, emails, outcomes, entry);
    if (sendsMail) {
      await queueEntryMails(
        tx,
        mailing,
        {
          id: contestId,
          title: contest.title,
          referralBonus: contest.referralBonus,
          prizeDetails: contest.prizeDetails,
          endDateMs: contest.endDateMs,
          ownerName: contest.ownerName,
          ownerEmail: contest.ownerEmail,
          timeZone: contest.timeZone,
          brandName: contest.brandName,
          brandColor: contest.brandColor,
          brandLogoKey: contest.brandLogoKey,
        },
        entriesToMail(emails, outcomes),
      );
    }
    return outcomes;
  });
}

/**
 * Two friends of one referrer from one network in one batch: only the first may credit them
 * (the database compares each friend with the referrer's earlier ones, but not with the others
 * of its own statement). The others enter as anyone does, for nobody.
 */
function creditOneFriendPerNetwork(prepared: Prepared[]) {
  const seen = new Set<string>();
  for (const candidate of prepared) {
    if (!candidate.ref) continue;
    const keys = [candidate.clientHash, candidate.clientHash56]
      .filter((hash) => hash !== null)
      .map((hash) => `${candidate.ref} ${hash}`);
    if (keys.some((key) => seen.has(key))) candidate.ref = null;
    for (const key of keys) seen.add(key);
  }
}

function burstKeysOf(contestId: string, candidate: EntryCandidate): BurstKeys {
  if (!candidate.clientAddress) return { address: null, domain: null, networks: [] };
  const domain = emailDomain(candidate.email);
  return {
    address: `entry-address ${contestId} ${candidate.clientAddress}`,
    domain: isLargeMailProvider(domain) ? null : `entry-domain ${contestId} ${domain}`,
    networks: (candidate.wideNetworks ?? []).map(({ prefix, network }) => ({
      key: `entry-network ${contestId} ${network}`,
      ...WIDE_NETWORK_LIMITS[prefix],
    })),
  };
}

/** The batch's hits per burst key: the entries that carry a client address, per address and per domain. */
function tallyHits(prepared: Prepared[]): Hits[] {
  const tally = new Map<string, Hits>();
  const hit = (key: string | null, windowMs: number) => {
    if (!key) return;
    const found = tally.get(key);
    if (found) found.hits += 1;
    else tally.set(key, { key, windowMs, hits: 1 });
  };
  for (const { burstKeys } of prepared) {
    hit(burstKeys.address, ADDRESS_WINDOW_MS);
    hit(burstKeys.domain, DOMAIN_WINDOW_MS);
    for (const network of burstKeys.networks) hit(network.key, ADDRESS_WINDOW_MS);
  }
  return [...tally.values()];
}

type LockedContest = LockedTerms & {
  /** Entries open at this instant (null: once published), written for entrants in the zone. */
  startDateMs: number | null;
  timeZone: string;
  /** The latest version of the official rules (null: none published). */
  rulesVersion: number | null;
  title: string;
  /** The owner's account name and address, which entrant mails come from and answer to. */
  ownerName: string;
  ownerEmail: string;
  /** The brand its entrants' mails show. */
  brandName: string | null;
  brandColor: string | null;
  brandLogoKey: string | null;
  prizeDetails: string;
  endDateMs: number;
  maxEntries: number | null;
  entryCount: number;
  isOpen: boolean;
  isFrozen: boolean;
  /** Frozen, and the draw still waits for its beacon round (no pick yet, no round). */
  isDrawStarting: boolean;
  requireConfirmation: boolean;
  referralBonus: number;
  hasExpiredPending: boolean;
  entryDateMs: number;
  /** The burst keys' counts after this batch, when it has any and the contest takes entries. */
  hits: HitCount[] | null;
};

/**
 * Locks the contest's row and reads what the batch is decided by, in one statement that also
 * locks the mailboxes it will mail (when the contest mails) and counts the batch's burst hits
 * in the shared rate-limit table (docs/product.md#trusted-leads):
 * a batch of a busy contest is often a handful of entries, so each statement weighs. The count
 * reads the locked row, so it runs after the lock is taken: writers of one contest take its
 * lock first and its keys second, never the other way round (no deadlock). An ended or frozen
 * contest counts nothing.
 */
async function lockContest(
  tx: Transaction,
  contestId: string,
  hits: Hits[],
  mailboxes: string[],
): Promise<LockedContest | undefined> {
  const counting = hits.length > 0;
  const lockingMailboxes = mailboxes.length > 0;
  const [contest] = await queryPreparedRows<LockedContest>(
    tx,
    sql`with locked as materialized (
      select title, owner_id, prize_details, end_date, max_entries, entry_count,
        is_active and now() < end_date as is_open,
        -- The first draw froze the list it draws from: no entry joins it, imported or not.
        frozen_at is not null as is_frozen,
        -- Asked only of a frozen contest: a draw waiting for its beacon round may be undone.
        frozen_at is not null and beacon is null
          and not exists(select 1 from contest_picks where contest_id = ${contestId}) as is_draw_starting,
        require_confirmation, referral_bonus,
        -- Asked here rather than by a statement of its own: most batches have none to purge.
        exists(select 1 from contest_entries where contest_id = ${contestId} and ${isExpiredPending}) as has_expired_pending,
        -- now() is the transaction's start: the date of every entry this transaction inserts.
        floor(extract(epoch from now()) * 1000)::float8 as entry_date_ms,
        floor(extract(epoch from start_date) * 1000)::float8 as start_date_ms, time_zone, rules,
        consent_text, ${mailBrandSql.name} as brand_name, ${mailBrandSql.color} as brand_color,
        ${mailBrandSql.logoKey} as brand_logo_key,
        -- The rules version in force, which each entry of the batch is made under (none once
        -- the owner took the rules off, though their versions stay readable).
        case when rules is not null then
          (select max(version) from contest_rules_versions where contest_id = ${contestId})
        end as rules_version
      from contests where id = ${contestId} for update
    )${counting ? sql`, hits as (${countHitsStatement(hits, { from: sql`locked`, where: sql`locked.is_open and not locked.is_frozen` })})` : sql``}${
      lockingMailboxes
        ? sql`, mailbox_locks as (${lockMailboxesStatement(mailboxes, sql`locked.is_open and not locked.is_frozen and (locked.require_confirmation or locked.referral_bonus > 0)`)})`
        : sql``
    }
    select title, prize_details as "prizeDetails",
      floor(extract(epoch from end_date) * 1000)::float8 as "endDateMs",
      trim(coalesce(owner.first_name, '') || ' ' || coalesce(owner.last_name, '')) as "ownerName",
      owner.email as "ownerEmail",
      max_entries as "maxEntries", entry_count as "entryCount", is_open as "isOpen",
      is_frozen as "isFrozen", is_draw_starting as "isDrawStarting", require_confirmation as "requireConfirmation",
      referral_bonus as "referralBonus",
      has_expired_pending as "hasExpiredPending", entry_date_ms as "entryDateMs",
      start_date_ms as "startDateMs", time_zone as "timeZone", rules, consent_text as "consentText",
      rules_version as "rulesVersion", brand_name as "brandName", brand_color as "brandColor",
      brand_logo_key as "brandLogoKey",
      ${counting ? sql`(select json_agg(hits) from hits)` : sql`null`} as hits
      ${lockingMailboxes ? sql`, (select count(*) from mailbox_locks) as "mailboxesLocked"` : sql``}
    from locked left join users owner on owner.id = locked.owner_id`,
  );
  return contest;
}

/**
 * Flags or refuses each candidate that carries a client address by its place in its address's
 * and its domain's counts (each key's count before this batch, advanced candidate by
 * candidate). Returns the positions still to insert.
 */
function screenBursts(
  prepared: Prepared[],
  hits: Hits[],
  counts: HitCount[],
  outcomes: EntryOutcome[],
): number[] {
  const batchHits = new Map(hits.map((hit) => [hit.key, hit.hits]));
  const seen = new Map(
    counts.map((row) => [row.key, { count: row.current - batchHits.get(row.key)!, ttl: row.ttl }]),
  );
  const eligible: number[] = [];
  prepared.forEach((candidate, index) => {
    const { address, domain, networks } = candidate.burstKeys;
    const addressRow = address ? seen.get(address) : undefined;
    const domainRow = domain ? seen.get(domain) : undefined;
    // The client's address (IPv6: its /64) and the wider IPv6 networks around it, each with its
    // own limits: the first that refuses refuses, any that flags flags.
    const limited = [
      ...(addressRow
        ? [{ row: addressRow, flagAfter: ADDRESS_FLAG_AFTER, refuseAfter: ADDRESS_REFUSE_AFTER }]
        : []),
      ...networks.flatMap((network) => {
        const row = seen.get(network.key);
        return row ? [{ ...network, row }] : [];
      }),
    ];
    for (const { row } of limited) row.count += 1;
    if (domainRow) domainRow.count += 1;
    const refusing = limited.find(({ row, refuseAfter }) => row.count > refuseAfter);
    if (refusing) {
      outcomes[index] = {
        status: 'rate_limited',
        retryAfterSeconds: Math.max(1, Math.ceil(refusing.row.ttl / 1000)),
      };
      return;
    }
    if (limited.some(({ row, flagAfter }) => row.count > flagAfter)) {
      candidate.flags.push('address-burst');
    }
    if (domainRow && domainRow.count > DOMAIN_FLAG_AFTER) candidate.flags.push('domain-burst');
    eligible.push(index);
  });
  return eligible;
}

/**
 * Marks the eligible candidates whose mailbox is already entered as duplicates and returns the
 * positions of the others.
 */
async function setAsideStored(
  tx: Transaction,
  contestId: string,
  prepared: Prepared[],
  eligible: number[],
  outcomes: EntryOutcome[],
): Promise<number[]> {
  const emails = eligible.map((position) => prepared[position]!.email);
  const stored = await tx
    .select({ email: sql<string>`candidate.email` })
    .from(sql`unnest(${sql.param(emails)}::text[]) as candidate(email)`)
    .where(
      exists(
        tx
          .select({ found: sql`1` })
          .from(contestEntries)
          .where(
            and(
              eq(contestEntries.contestId, contestId),
              sql`${contestEntries.emailKey} = fold_email(candidate.email)`,
            ),
          ),
      ),
    );
  const storedEmails = new Set(stored.map((row) => row.email));
  return eligible.filter((position) => {
    if (!storedEmails.has(prepared[position]!.email)) return true;
    outcomes[position] = { status: 'duplicate' };
    return false;
  });
}

/**
 * One INSERT for the chunk, which also adds the confirmed rows it inserted to the contest's
 * counter (under the lock this transaction holds): a statement fewer per batch, and a batch
 * of a busy contest is often a handful of entries, so each statement weighs. Written as SQL, as
 * the hot path's other statements (queryPreparedRows). One parameter per column, not per row: building
 * and sending a parameter per row and column cost more than the insert itself (a 100,000-row
 * import spent most of its time there). Flags travel comma-joined: unnest would flatten an
 * array of arrays. Only what tells the rows apart comes back (reading back 100,000 names and
 * dates cost an import ~0.4 s of its ~3 s): the name is the candidate's, the date the
 * transaction's.
 */
function insertChunk(
  tx: Transaction,
  contestId: string,
  chunk: Prepared[],
  tokens: (string | null)[],
  {
    isPending,
    hasReferrals,
    rulesVersion,
    consentText,
  }: {
    isPending: boolean;
    hasReferrals: boolean;
    rulesVersion: number | null;
    consentText: string;
  },
) {
  const terms = chunk.map((candidate) => candidate.terms);
  const column = (values: (string | null)[]) => sql.param(values);
  const status = isPending ? 'pending' : 'confirmed';
  const referral = (value: string | null) => (hasReferrals ? value : null);
  return queryPreparedRows<InsertedRow>(
    tx,
    sql`with inserted as (
      insert into contest_entries (id, contest_id, name, email, status, flags, confirm_token_hash,
        entry_date, referral_code, client_hash, client_hash56, client_hash48, referred_by,
        invited_by, rules_version, country, consent_sha256, consent_at)
      select time_ordered_uuid(), ${contestId}::uuid, candidate.name, candidate.email, ${status},
        coalesce(string_to_array(nullif(candidate.flags, ''), ','), '{}'),
        -- A confirmed friend's link only proves a mailbox that credits somebody.
        case when ${isPending} or referrer.id is not null then candidate.token_hash end,
        ${entryDateNow},
        -- 64 random bits as 16 hex characters: the entrant's own link's code.
        case when ${hasReferrals} then substr(md5(gen_random_uuid()::text), 1, 16) end,
        candidate.client_hash, candidate.client_hash56, candidate.client_hash48, referrer.id,
        inviter.id, ${rulesVersion}::int, candidate.country, candidate.consent_sha256,
        case when candidate.consent_sha256 is not null then now() end
      from unnest(${column(chunk.map((candidate) => candidate.name))}::text[],
                  ${column(chunk.map((candidate) => candidate.email))}::text[],
                  ${column(chunk.map((candidate) => candidate.flags.join(',')))}::text[],
                  ${column(tokens.map((token) => token && hashConfirmToken(token)))}::text[],
                  ${column(chunk.map((candidate) => referral(candidate.ref)))}::text[],
                  ${column(chunk.map((candidate) => referral(candidate.clientHash)))}::text[],
                  ${column(chunk.map((candidate) => referral(candidate.clientHash56)))}::text[],
                  ${column(chunk.map((candidate) => referral(candidate.clientHash48)))}::text[],
                  ${column(terms.map((term) => term?.country ?? null))}::text[],
                  ${column(consentHashes(terms, consentText))}::text[])
        as candidate(name, email, flags, token_hash, ref, client_hash, client_hash56, client_hash48,
          country, consent_sha256)
      -- The link's entrant, unless it is this mailbox (folded as duplicates are), or the friend
      -- comes from the network of the referrer or of one of their earlier friends, however long
      -- ago: the same address (IPv6: /64) or IPv6 /56, or an IPv6 /48 where they already have
      -- FRIENDS_PER_WIDE_NETWORK entries (docs/product.md#referrals).
      left join lateral (select referrer.id from contest_entries referrer
          where candidate.ref is not null and referrer.contest_id = ${contestId}::uuid
            and referrer.referral_code = candidate.ref
            and referrer.email_key <> fold_email(candidate.email)
            and (select count(*) filter (where known.client_hash = candidate.client_hash
                    or known.client_hash56 = candidate.client_hash56) = 0
                  and count(*) filter (where known.client_hash48 = candidate.client_hash48)
                    < ${FRIENDS_PER_WIDE_NETWORK}
                from contest_entries known
                where known.contest_id = ${contestId}::uuid
                  and (known.id = referrer.id or known.referred_by = referrer.id))
          order by referrer.entry_date, referrer.id limit 1) referrer on true
      -- The link's entrant whether or not the friend credits them, so that their status page
      -- can say why a friend from their own network does not count.
      left join lateral (select inviter.id from contest_entries inviter
          where candidate.ref is not null and inviter.contest_id = ${contestId}::uuid
            and inviter.referral_code = candidate.ref
            and inviter.email_key <> fold_email(candidate.email)
          order by inviter.entry_date, inviter.id limit 1) inviter on true
      on conflict do nothing
      returning id, email, referral_code, referred_by
    ), counted as (
      update contests set entry_count = entry_count + (select count(*) from inserted)
      where id = ${contestId} and ${status} = 'confirmed'
    )
    select id, email, referral_code as "referralCode", referred_by as "referredBy" from inserted`,
  );
}

type InsertedRow = {
  id: string;
  email: string;
  referralCode: string | null;
  referredBy: string | null;
};

/**
 * The first candidate of each inserted mailbox was accepted; every other one was a duplicate.
 * A returned row is its candidate's exact e-mail (the database folded it to a key no earlier row
 * held), so rows are matched to candidates by e-mail: the first candidate with that text. Every
 * inserted row must match a candidate: otherwise the counter and the answers would disagree with
 * the table, so the whole transaction is rolled back instead.
 */
function assignOutcomes(
  outcomes: EntryOutcome[],
  positions: number[],
  chunk: Prepared[],
  tokens: (string | null)[],
  rows: InsertedRow[],
  entry: { entryDate: Date; status: EntryStatus },
  isPending: boolean,
) {
  const insertedByEmail = new Map(rows.map((row) => [row.email, row]));
  let accepted = 0;
  chunk.forEach((candidate, index) => {
    const row = insertedByEmail.get(candidate.email);
    if (row) {
      insertedByEmail.delete(candidate.email);
      accepted += 1;
      outcomes[positions[index]!] = {
        status: 'accepted',
        entry: { id: row.id, name: candidate.name, referralCode: row.referralCode, ...entry },
        confirmToken: isPending || row.referredBy ? tokens[index]! : null,
        resent: false,
      };
    } else {
      outcomes[positions[index]!] = { status: 'duplicate' };
    }
  });
  if (accepted !== rows.length) {
    throw new Error(`${rows.length} entries inserted, ${accepted} matched to their candidates`);
  }
}
