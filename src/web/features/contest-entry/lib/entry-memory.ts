import { useMemo, useSyncExternalStore } from 'react';
import { ENTRY_CONFIRMATION_TTL_MS } from '#shared/constants.ts';
import type { EntryReceipt, EntryStatus } from '#shared/contracts/entries.ts';
import type { ReferralLink } from '#shared/contracts/referrals.ts';
import { useEntryPageState } from './entry-page-state.ts';

/**
 * Which contests this device has entered, under what name, with which entry id (the entrant's
 * receipt, to find their entry in the draw record), whether the entry still waits for its
 * e-mail to be confirmed, and the entrant's personal link when the contest has referrals: coming
 * back to the link shows the confirmation (and the link to share) again. Kept in
 * localStorage, with memory as the fallback when storage is refused (private browsing), so the
 * confirmation shows at least for this visit. Entries remembered before receipts existed have a
 * name and no id; before double opt-in, no status (they were all confirmed).
 */
const nameKey = (contestId: string) => `prizewheel:entered:${contestId}`;
const entryIdKey = (contestId: string) => `prizewheel:entry-id:${contestId}`;
const statusKey = (contestId: string) => `prizewheel:entry-status:${contestId}`;
const entryDateKey = (contestId: string) => `prizewheel:entry-date:${contestId}`;
const referralKey = (contestId: string) => `prizewheel:referral:${contestId}`;
const resentKey = (contestId: string) => `prizewheel:confirmation-resent:${contestId}`;
const inMemory = new Map<string, string>();
const listeners = new Set<() => void>();

function read(key: string): string | null {
  try {
    return localStorage.getItem(key) ?? inMemory.get(key) ?? null;
  } catch {
    return inMemory.get(key) ?? null;
  }
}

function write(key: string, value: string): void {
  inMemory.set(key, value);
  try {
    localStorage.setItem(key, value);
  } catch {
    // Storage refused: the in-memory copy serves this visit.
  }
}

function remove(key: string): void {
  inMemory.delete(key);
  try {
    localStorage.removeItem(key);
  } catch {
    // Storage refused: nothing was kept there.
  }
}

function notify(): void {
  for (const listener of listeners) listener();
}

export function rememberEntry(receipt: EntryReceipt): void {
  write(nameKey(receipt.contestId), receipt.name);
  write(entryIdKey(receipt.contestId), receipt.id);
  write(statusKey(receipt.contestId), receipt.status);
  write(entryDateKey(receipt.contestId), receipt.entryDate);
  // An earlier entry's link (one whose confirmation expired) is not this entry's.
  if (receipt.referral) write(referralKey(receipt.contestId), JSON.stringify(receipt.referral));
  else remove(referralKey(receipt.contestId));
  // Entered again while pending: the page says a new link went out and the old one is dead.
  if (receipt.confirmationResent) write(resentKey(receipt.contestId), 'true');
  else remove(resentKey(receipt.contestId));
  notify();
}

/**
 * A pending entry whose link has expired is deleted by the server, which frees its address: this
 * device shows the form again instead of asking, for ever, to check an inbox.
 */
function hasExpired(contestId: string): boolean {
  if (read(statusKey(contestId)) !== 'pending') return false;
  const enteredAt = Date.parse(read(entryDateKey(contestId)) ?? '');
  return enteredAt + ENTRY_CONFIRMATION_TTL_MS < Date.now();
}

/** The confirmation link was opened on this device: its entry page stops asking for it. */
export function rememberConfirmed(contestId: string, entryId: string): void {
  if (read(entryIdKey(contestId)) !== entryId) return;
  write(statusKey(contestId), 'confirmed');
  notify();
}

/** The server no longer has this entry (removed, or its link expired): the form shows again. */
export function forgetEntry(contestId: string, entryId: string): void {
  if (read(entryIdKey(contestId)) !== entryId) return;
  for (const key of [nameKey, entryIdKey, statusKey, entryDateKey, referralKey, resentKey]) {
    remove(key(contestId));
  }
  notify();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/**
 * The entry the server rendered the page with (one made with the plain form, kept in its
 * cookie): what hydration must show. Hooks read it on the server and while hydrating, and the
 * browser's memory after (where mountPublicPage has put the same entry).
 */
function useServerEntry(contestId: string): EntryReceipt | null {
  const { entered } = useEntryPageState();
  return entered?.contestId === contestId ? entered : null;
}

/** The remembered name; on the server and while hydrating, the server's entry's. */
export function useEnteredName(contestId: string): string | null {
  const serverEntry = useServerEntry(contestId);
  return useSyncExternalStore(
    subscribe,
    () => (hasExpired(contestId) ? null : read(nameKey(contestId))),
    () => serverEntry?.name ?? null,
  );
}

/** The entry id of this device's entry, when it was remembered with one. */
export function useEnteredEntryId(contestId: string): string | null {
  const serverEntry = useServerEntry(contestId);
  return useSyncExternalStore(
    subscribe,
    () => read(entryIdKey(contestId)),
    () => serverEntry?.id ?? null,
  );
}

/** Whether this device's entry still waits for its entrant to confirm their e-mail. */
export function useEnteredStatus(contestId: string): EntryStatus {
  const serverEntry = useServerEntry(contestId);
  return useSyncExternalStore(
    subscribe,
    () => (read(statusKey(contestId)) === 'pending' ? 'pending' : 'confirmed'),
    () => serverEntry?.status ?? 'confirmed',
  );
}

/**
 * Whether this device's pending entry was an address entering again before confirming: the
 * server then mailed a new link and retired the first one.
 */
export function useEnteredConfirmationResent(contestId: string): boolean {
  const serverEntry = useServerEntry(contestId);
  return useSyncExternalStore(
    subscribe,
    () => read(resentKey(contestId)) === 'true',
    () => serverEntry?.confirmationResent === true,
  );
}

const isWebAddress = (value: unknown): value is string =>
  typeof value === 'string' && /^https?:\/\//.test(value);

/** Storage is the browser's, not ours: only a well-formed link is taken back from it. */
export function parseStoredReferral(stored: string | null): ReferralLink | null {
  if (!stored) return null;
  try {
    const { code, url, statusUrl } = JSON.parse(stored) as Partial<
      Record<keyof ReferralLink, unknown>
    >;
    if (typeof code !== 'string' || !isWebAddress(url) || !isWebAddress(statusUrl)) return null;
    return { code, url, statusUrl };
  } catch {
    return null;
  }
}

/** The personal link of this device's entry, when its contest had referrals on. */
export function useEnteredReferral(contestId: string): ReferralLink | null {
  const serverEntry = useServerEntry(contestId);
  const stored = useSyncExternalStore(
    subscribe,
    () => read(referralKey(contestId)),
    () => (serverEntry?.referral ? JSON.stringify(serverEntry.referral) : null),
  );
  return useMemo(() => parseStoredReferral(stored), [stored]);
}
