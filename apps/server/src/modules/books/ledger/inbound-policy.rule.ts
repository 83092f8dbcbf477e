import { canTransition, type TransactionStatus } from '@herd/contract';
import type { LedgerRecord } from './ledger-records.port.js';

/**
 * What a row arriving from a ledger does to Herd's transaction: one rule for every ledger, whether
 * it is read by a pull (QuickBooks Online, Xero, QuickBooks Desktop) or pushed (the generic ledger
 * API). docs/transactions.md ("When the ledger's rows arrive again") says it in words.
 */
export type InboundDecision =
  /** Herd never held it and it waits on a watched account: a new question for the client (READY). */
  | { kind: 'create' }
  /** Herd never held it and the ledger categorized it: what the suggestions learn from. */
  | { kind: 'history' }
  /** Nothing changes. */
  | { kind: 'ignore' }
  /** Deleted in the ledger: CANCELLED. */
  | { kind: 'cancel' }
  /** Categorized inside the ledger while Herd's answer was not published: nothing left to ask (MATCHED_TO_PLATFORM). */
  | { kind: 'match' }
  /**
   * The ledger's newer copy. `take`: `everything` (its values replace Herd's) or `copy` (only its
   * version and body, which the next publish writes on: the client's answer stands). `lines`: the
   * ledger's lines replace Herd's. `reopen`: the row waits for the client again (READY).
   */
  | { kind: 'refresh'; take: 'everything' | 'copy'; lines: boolean; reopen: boolean };

/** Herd's row for the same external id, as far as the policy needs it. */
export interface HeldRow {
  status: TransactionStatus;
  amountCents: number;
  ledgerVersion: string | null;
  /** Whether the record's header (mapped to Herd's references) differs from the row's. */
  valuesDiffer: boolean;
  /**
   * Its answer went to the ledger as a correction in the open period (it was dated in a closed one), so
   * the ledger still holds it on the watched account, and always will: that is not a new question.
   */
  corrected?: boolean;
}

export interface InboundOptions {
  /** A pull of what Herd is missing: rows Herd already holds stay as they are. */
  onlyNew?: boolean;
}

/** Statuses in which the client's answer has not reached the ledger yet. */
const UNPUBLISHED: readonly TransactionStatus[] = ['READY', 'FINISHED_IN_HERD', 'SYNC_ERROR', 'PROCESSING'];

/**
 * A ledger's versions count up with every change (QuickBooks' SyncToken). A page read before a
 * publish can be applied after it: only a version newer than Herd's copy may change the row.
 */
export const isNewerVersion = (incoming: string, stored: string | null) => {
  if (stored === null || stored === '') return true;
  const [a, b] = [Number(incoming), Number(stored)];
  return Number.isFinite(a) && Number.isFinite(b) ? a > b : incoming !== stored;
};

const IGNORE = { kind: 'ignore' } as const;

/** A decision that would move the status where the transition table forbids it changes nothing. */
const allowed = (from: TransactionStatus, to: TransactionStatus, decision: InboundDecision): InboundDecision => (canTransition(from, to) ? decision : IGNORE);

/**
 * The rule, in order:
 * - new: waits for the client when it sits on a watched account, else teaches the suggestions;
 * - deleted: CANCELLED where the transition table allows it (a published or matched row stays);
 * - a MISSING pull, an older or equal version, or a publish in flight (PROCESSING, whose job
 *   records what the ledger answered) changes nothing;
 * - categorized inside the ledger: an unpublished row is MATCHED (nothing left to ask); a published
 *   one only takes the ledger's copy;
 * - still waiting on a watched account: an untouched (READY) row takes the ledger's values, and its
 *   lines when the amount changed. Once the client has answered, the answer stands and only the
 *   ledger's copy is kept, unless the amount changed (the answer no longer adds up: READY again);
 *   a published, matched or cancelled row back on a watched account is READY again, except one whose
 *   answer was posted as a correction: it stays on the watched account by design, and only the
 *   ledger's copy is kept (asking again would post the correction twice).
 * A ledger that keeps no versions (`version` null: the generic API) cannot say whether its row is
 * newer than the client's answer, so there Herd's answer wins: only an untouched row whose values
 * differ takes them, and nothing reopens.
 */
export const decideInbound = (before: HeldRow | null, record: LedgerRecord, options: InboundOptions = {}): InboundDecision => {
  if (!before) {
    if (record.deleted) return IGNORE;
    return record.categorizedInLedger || !record.transaction ? { kind: 'history' } : { kind: 'create' };
  }
  if (record.deleted) return before.status === 'CANCELLED' ? IGNORE : allowed(before.status, 'CANCELLED', { kind: 'cancel' });
  const versioned = record.version !== null;
  if (options.onlyNew || before.status === 'PROCESSING') return IGNORE;
  if (versioned && !isNewerVersion(record.version!, before.ledgerVersion)) return IGNORE;
  if (record.categorizedInLedger || !record.transaction) {
    if (UNPUBLISHED.includes(before.status)) return allowed(before.status, 'MATCHED_TO_PLATFORM', { kind: 'match' });
    return versioned ? { kind: 'refresh', take: 'copy', lines: false, reopen: false } : IGNORE;
  }
  if (before.corrected) return versioned ? { kind: 'refresh', take: 'copy', lines: false, reopen: false } : IGNORE;
  const amountChanged = record.transaction.amountCents !== before.amountCents;
  if (before.status === 'READY') {
    if (!versioned && !before.valuesDiffer) return IGNORE;
    return { kind: 'refresh', take: 'everything', lines: amountChanged, reopen: false };
  }
  if (!versioned) return IGNORE;
  if (UNPUBLISHED.includes(before.status) && !amountChanged) return { kind: 'refresh', take: 'copy', lines: false, reopen: false };
  return allowed(before.status, 'READY', { kind: 'refresh', take: 'everything', lines: true, reopen: true });
};
