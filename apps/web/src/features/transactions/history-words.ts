import type { ConnectionKind, HistoryEntry } from '@herd/contract';
import { CONNECTION_KIND_LABELS } from '../../lib/labels';

/**
 * Where a publish goes, as a sentence names it: the ledger for the ones Herd
 * writes to; for the ledgers Herd holds itself, what takes the answer out
 * (the CSV export, the generic API's published feed).
 */
export const ledgerName = (kind: ConnectionKind): string => {
  if (kind === 'CSV') return 'the CSV export';
  if (kind === 'GENERIC') return 'the generic API’s feed';
  if (kind === 'CONNECTIONLESS') return 'Herd';
  return CONNECTION_KIND_LABELS[kind];
};

/** The ledger as a system that acts (refuses, deletes, changes): its name for the ones Herd writes to, else "the ledger". */
const ledgerSystem = (kind: ConnectionKind): string => (kind === 'QBO' || kind === 'QBD' || kind === 'XERO' ? CONNECTION_KIND_LABELS[kind] : 'the ledger');

/** What an audit entry says happened, in plain words. */
export const historyWhat = (entry: HistoryEntry, kind: ConnectionKind): string => {
  const ledger = ledgerName(kind);
  const system = ledgerSystem(kind);
  switch (entry.action) {
    case 'transaction.categorize':
      if (entry.via === 'TEXT') return 'Answered by text';
      if (entry.via === 'EMAIL') return 'Answered by email';
      return entry.actor?.side === 'accountant' && !entry.viewing_as_client ? 'Marked as done' : 'Answered';
    case 'transaction.update':
      return 'Edited';
    case 'transaction.back':
      return 'Sent back to the client';
    case 'transaction.publish':
      if (entry.to === 'PROCESSING') return `Sent to ${ledger}`;
      if (entry.to === 'MATCHED_TO_PLATFORM') return `Matched in ${ledger}`;
      if (entry.to === 'SYNC_ERROR') return `Refused by ${system}`;
      return `Published to ${ledger}`;
    case 'transaction.publish_returned':
      return `Handed back: ${system} needs reconnecting`;
    case 'transaction.publish_failed':
      return 'Publishing failed';
    case 'transaction.errors_clear':
      return 'Sync errors cleared';
    case 'transaction.sync':
      if (entry.to === 'CANCELLED') return `Deleted in ${system}`;
      if (entry.to === 'MATCHED_TO_PLATFORM') return `Categorized in ${system} (matched)`;
      if (entry.to === 'READY') return `Changed in ${system}: back to the client`;
      return `Updated from ${system}`;
    case 'transaction.hide':
      return 'Hidden';
    case 'transaction.unhide':
      return 'Back in the lists';
    case 'transaction.attach':
      return 'Attachment added';
    case 'transaction.detach':
      return 'Attachment removed';
    case 'transaction.line_delete':
      return 'A line of the split removed';
    case 'transaction.receipt_match':
      return entry.actor ? 'Receipt matched' : 'Receipt matched automatically';
  }
};

/** Who did it: a person (an accountant in the client's view says so), or the ledger or Herd itself. */
export const historyWho = (entry: HistoryEntry, kind: ConnectionKind): string => {
  if (entry.actor) return entry.viewing_as_client ? `${entry.actor.name} (as the client)` : entry.actor.name;
  if (entry.action !== 'transaction.sync') return 'Herd';
  const system = ledgerSystem(kind);
  return system.charAt(0).toUpperCase() + system.slice(1);
};

/** What an answer or edit changed, as a phrase: "Changed the category and memo". Empty when the entry does not say. */
export const historyChanged = (entry: HistoryEntry): string => {
  const words = entry.changed.map((field) => (field === 'split' ? 'split amounts' : field));
  if (words.length === 0) return '';
  const list = words.length === 1 ? words[0]! : `${words.slice(0, -1).join(', ')} and ${words.at(-1)!}`;
  return `Changed the ${list}`;
};
