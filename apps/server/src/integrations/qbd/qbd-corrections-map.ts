import { fromCents } from '@herd/contract';
import type { CorrectionItem, CorrectionLine } from '../../modules/books/ledger/ledger-records.port.js';
import type { QbxmlAsk } from './qbd-ask.js';
import { JOURNAL_MEMO_MAX, JOURNAL_REF_NUMBER_MAX, notYetInQbd } from './qbd-limits.js';
import { inSchemaOrder, refField } from './qbd-schema.js';
import type { QbxmlField, QbxmlFields } from './qbxml-xml.js';

/** The correction cannot be sent to QuickBooks Desktop as it is; the message says why. */
export class QbdUnpostableError extends Error {}

/**
 * The number the correction's journal carries in QuickBooks, the same at every attempt: QuickBooks
 * Desktop takes no request key for an Add, so this number is how a later attempt finds the journal
 * an earlier one wrote. `HERD` and the key while that fits the schema's 11 characters (keys up to
 * 9,999,999), else `H` and the key (up to ten digits, every key Herd issues); the two cannot meet,
 * as the second letter of one is a digit and of the other an E.
 */
export const correctionRefNumber = (key: number): string => {
  if (!Number.isSafeInteger(key) || key < 0) throw new QbdUnpostableError(`Herd cannot number a journal entry for correction ${String(key)}.`);
  for (const refNumber of [`HERD${String(key)}`, `H${String(key)}`]) if (refNumber.length <= JOURNAL_REF_NUMBER_MAX) return refNumber;
  throw new QbdUnpostableError(`Correction ${String(key)} has a number longer than QuickBooks Desktop keeps for a journal entry.`);
};

/** Whole characters (a cut through a surrogate pair would leave text QuickBooks cannot read); undefined for none. */
const memoOf = (text: string): string | undefined => (text === '' ? undefined : Array.from(text).slice(0, JOURNAL_MEMO_MAX).join(''));

/** A line's name: its vendor, else its customer (EntityRef names either). */
const entityOf = (line: CorrectionLine) => line.vendorExternalId ?? line.customerExternalId;

/** QuickBooks Desktop has no locations or tracking categories on a journal line: those ids are not sent. */
const journalLine = (line: CorrectionLine): QbxmlField => {
  const name = line.posting === 'DEBIT' ? 'JournalDebitLine' : 'JournalCreditLine';
  return [
    name,
    inSchemaOrder(name, [
      refField('AccountRef', line.accountExternalId),
      ['Amount', fromCents(line.amountCents)],
      ['Memo', memoOf(line.description)],
      refField('EntityRef', entityOf(line)),
      refField('ClassRef', line.classExternalId),
    ]),
  ];
};

/**
 * What would make QuickBooks refuse the whole document (and with it every other correction and
 * the rest of the run), refused here for this correction alone: no line (the schema requires one),
 * or an id longer than any ListID (an entry made in Herd still waiting to be made in QuickBooks).
 * Balance and the closing date are QuickBooks' to judge, request by request.
 */
const checkSendable = (item: CorrectionItem) => {
  if (item.lines.length === 0) throw new QbdUnpostableError('There is no line to post to QuickBooks Desktop.');
  const waiting = notYetInQbd(item.lines.flatMap((line) => [line.accountExternalId, line.vendorExternalId, line.customerExternalId, line.classExternalId]));
  if (waiting) throw new QbdUnpostableError(waiting);
};

/**
 * The correction as one JournalEntryAdd: dated the item's day, numbered by `correctionRefNumber`,
 * its memo on the header, then its debit and credit lines in the item's order (the schema takes them
 * in any order, as one repeated choice after the header).
 */
export const buildJournalAdd = (item: CorrectionItem): QbxmlAsk => {
  checkSendable(item);
  const header = inSchemaOrder('JournalEntryAdd', [
    ['TxnDate', item.date],
    ['RefNumber', correctionRefNumber(item.key)],
    ['Memo', memoOf(item.memo)],
  ]);
  const fields: QbxmlFields = [...header, ...item.lines.map(journalLine)];
  return { name: 'JournalEntryAddRq', fields: [['JournalEntryAdd', fields]] };
};

/** The journals QuickBooks holds under these numbers (an exact match of each), header only. */
export const journalsByRefNumber = (refNumbers: string[]): QbxmlAsk => ({
  name: 'JournalEntryQueryRq',
  fields: inSchemaOrder(
    'TxnQuery',
    refNumbers.map((refNumber): QbxmlField => ['RefNumber', refNumber]),
  ),
});
