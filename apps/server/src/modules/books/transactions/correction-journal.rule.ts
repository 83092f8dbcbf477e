import { centsOf, type TransactionType } from '@herd/contract';
import { dayAfter, dayInWords } from '../../../lib/calendar-days.js';
import type { CorrectionItem, CorrectionLine, LineReferences, PublishLine } from '../ledger/ledger.face.js';

/**
 * The answer to a transaction in a closed period, as a journal entry in the open period. The ledger
 * refuses any change to the transaction itself, so it stays on the watched account where the ledger
 * holds it, and the journal moves its amount from there to the answer's categories. Read in words in
 * docs/transactions.md ("Closed periods").
 */

/** Subtypes of money-out types whose watched line the ledger credited (a refund or a credit note). */
const CREDITING_SUBTYPES: readonly string[] = ['VENDOR_CREDIT', 'CREDIT_CARD_CREDIT'];

/**
 * Which side the ledger put the transaction's amount on the watched account: money out (a purchase,
 * a bill) was debited there, money in (a deposit, a refund, a credit note) credited. The correction
 * takes it off that side.
 */
export const watchedSideOf = (type: TransactionType, subtype: string): 'DEBIT' | 'CREDIT' =>
  type === 'DEPOSIT' || CREDITING_SUBTYPES.includes(subtype) ? 'CREDIT' : 'DEBIT';

/** The day a correction is dated: the first the ledger leaves open. */
export const correctionDateOf = (closedThrough: string) => dayAfter(closedThrough);

/** The transaction as the journal needs it. */
export interface CorrectedTransaction {
  pk: number;
  externalId: string;
  ledgerEntityType: string;
  type: TransactionType;
  subtype: string;
  date: string;
  amount: string;
  currency: string;
  payee: string;
  description: string;
  /** When the row last changed: part of the request key, so a retried job sends the same one and a new attempt a new one. */
  updatedAt: Date;
  raw: unknown;
}

/** The references an answer line carries onto its journal line; the watched account's line carries none of them. */
const REFERENCE_KEYS = [
  'vendorExternalId',
  'customerExternalId',
  'classExternalId',
  'locationExternalId',
  'taxExternalId',
  'trackingOneExternalId',
  'trackingTwoExternalId',
] as const satisfies readonly (keyof LineReferences)[];
const referencesOf = (line: LineReferences | null): LineReferences => Object.fromEntries(REFERENCE_KEYS.map((key) => [key, line?.[key] ?? null])) as LineReferences;

/** A signed amount on the side the watched account had it as a journal line (none for zero). */
const lineOn = (signedCents: number, base: 'DEBIT' | 'CREDIT', rest: Omit<CorrectionLine, 'posting' | 'amountCents'>): CorrectionLine[] => {
  if (signedCents === 0) return [];
  const flipped = base === 'DEBIT' ? 'CREDIT' : 'DEBIT';
  return [{ ...rest, posting: signedCents > 0 ? base : flipped, amountCents: Math.abs(signedCents) }];
};

/**
 * The journal: each answer line on the side the watched account had the amount (a negative line on
 * the other), with its contact, class, location and tracking, and the watched account for the net on
 * the opposite side. Debits equal credits by construction. Each answer line keeps its tax code; the
 * adapter gives the watched line the one the transaction holds there (amounts are as the ledger's
 * lines state them, with or without tax, so the journal states them the same way).
 */
export const correctionItemOf = (row: CorrectedTransaction, lines: PublishLine[], watchedAccountExternalId: string, closedThrough: string): CorrectionItem => {
  const side = watchedSideOf(row.type, row.subtype);
  const opposite = side === 'DEBIT' ? 'CREDIT' : 'DEBIT';
  const answerLines = lines.flatMap((line) =>
    lineOn(line.amountCents, side, { accountExternalId: line.categoryExternalId, description: line.description, ...referencesOf(line) }),
  );
  const net = lines.reduce((sum, line) => sum + line.amountCents, 0);
  const memo = correctionMemo(row, closedThrough);
  return {
    key: row.pk,
    externalId: row.externalId,
    entityType: row.ledgerEntityType,
    date: correctionDateOf(closedThrough),
    currency: row.currency,
    memo,
    idempotencyKey: `herd-correction-${row.pk}-${row.updatedAt.getTime()}`,
    raw: (row.raw as Record<string, unknown> | null) ?? null,
    lines: [...answerLines, ...lineOn(net, opposite, { accountExternalId: watchedAccountExternalId, description: memo, ...referencesOf(null) })],
  };
};

/**
 * Why a row cannot go back to the client: its answer stands in the ledger as a correction journal, and
 * a second answer would post a second journal beside it. Null for any other row.
 */
export const sendBackRefusal = (row: { correctionDate: string | null; payee: string; description: string }): string | null =>
  row.correctionDate
    ? `The answer to “${row.payee || row.description}” was posted to the ledger as a journal entry dated ${dayInWords(row.correctionDate)}, as its period is closed. Change that journal in the ledger instead of asking again.`
    : null;

/** What the journal says of itself, so whoever reads the ledger knows which transaction it corrects and why. */
export const correctionMemo = (row: CorrectedTransaction, closedThrough: string) => {
  const who = row.payee || row.description || 'a transaction';
  const amount = (centsOf(row.amount) / 100).toFixed(2);
  return `Correction of ${who}, ${dayInWords(row.date)}, ${amount} ${row.currency}: the books are closed through ${dayInWords(closedThrough)}, so the answer is posted in the open period.`;
};
