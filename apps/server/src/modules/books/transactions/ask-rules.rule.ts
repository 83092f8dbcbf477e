import type { AskRules, KeptReason } from '@herd/contract';
import { merchantOfTransaction } from '../suggestions/suggestions.face.js';

/** The payees the firm answers itself, as Herd recognises merchants (the same key a transaction's payee gets). */
export const firmPayeeKeys = (rules: AskRules): Set<string> =>
  new Set(rules.firm_payees.map((name) => merchantOfTransaction({ payee: name, description: '' })?.key ?? '').filter((key) => key !== ''));

/** A decimal amount in cents, so "74.99" and "75" compare exactly. */
export const centsOf = (amount: string) => Math.round(Number(amount) * 100);

/**
 * Why the firm keeps a waiting transaction from the client, or null when the client is asked: a payee the firm
 * answers itself first (it is kept whatever its amount), then an amount under the one the firm asks about, then a
 * date on or before the ledger's closing date when the firm keeps such questions.
 */
export const keptReasonOf = (
  rules: AskRules,
  payeeKeys: ReadonlySet<string>,
  row: { amount: string; merchantKey: string | null; date: string },
  closedThrough: string | null,
): KeptReason | null => {
  if (row.merchantKey && payeeKeys.has(row.merchantKey)) return 'PAYEE';
  if (rules.ask_from !== null && centsOf(row.amount) < centsOf(rules.ask_from)) return 'AMOUNT';
  if (rules.closed_period === 'KEEP' && closedThrough !== null && row.date <= closedThrough) return 'CLOSED_PERIOD';
  return null;
};

/** Whether a transaction needs a receipt: money spent above the amount (a sale or a deposit has no receipt to give). */
export const needsReceipt = (receiptAbove: string | null, row: { amount: string; type: string }) =>
  receiptAbove !== null && row.type !== 'DEPOSIT' && centsOf(row.amount) > centsOf(receiptAbove);
