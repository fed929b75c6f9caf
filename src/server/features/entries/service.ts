/**
 * The entries feature's public module, for a feature that acts on entries from outside: the
 * entrant's own page finds a mailbox's entries by the folding the entries use, and removes a
 * withdrawn entry as the owner's removal does, under the same lock and with the same counts
 * (docs/product.md#your-entries-me).
 */
export { emailKey } from './core/email-identity.ts';
export { removeEntry } from './moderation/moderation.ts';
