import { fromCents } from '@herd/contract';
import type { PublishLine } from '../../modules/books/ledger/ledger-records.port.js';
import type { QbxmlAsk } from './qbd-ask.js';
import { notYetInQbd } from './qbd-limits.js';
import type { QbdLookups } from './qbd-lookups.js';
import { inSchemaOrder, refField } from './qbd-schema.js';
import { linesOf, type QbdLine, type QbdTxnKind } from './qbd-transaction-map.js';
import { textOf, type QbxmlElement, type QbxmlField, type QbxmlFields } from './qbxml-xml.js';

/** The categorization cannot be written to QuickBooks Desktop; the message says why. */
export class QbdUnpublishableError extends Error {}

/** A new line: QuickBooks gives it an id of its own. */
const NEW_LINE = '-1';

const billableStatus = (flag: PublishLine['billable']) => (flag === 'BILLABLE' ? 'Billable' : flag === 'NOT_BILLABLE' ? 'NotBillable' : undefined);
/** A line's name: its vendor, else its customer (deposit and journal lines name either in EntityRef). */
const entityOf = (line: PublishLine) => line.vendorExternalId ?? line.customerExternalId;
const memo = (text: string) => (text === '' ? undefined : text);

const expenseLine = (line: PublishLine): QbxmlFields =>
  inSchemaOrder('ExpenseLineMod', [
    ['TxnLineID', NEW_LINE],
    refField('AccountRef', line.categoryExternalId),
    ['Amount', fromCents(line.amountCents)],
    ['Memo', memo(line.description)],
    refField('CustomerRef', line.customerExternalId),
    refField('ClassRef', line.classExternalId),
    ['BillableStatus', billableStatus(line.billable)],
  ]);

const depositLine = (line: PublishLine): QbxmlFields =>
  inSchemaOrder('DepositLineMod', [
    ['TxnLineID', NEW_LINE],
    refField('EntityRef', entityOf(line)),
    refField('AccountRef', line.categoryExternalId),
    ['Memo', memo(line.description)],
    refField('ClassRef', line.classExternalId),
    ['Amount', fromCents(line.amountCents)],
  ]);

const journalLine = (line: PublishLine, side: string): QbxmlFields =>
  inSchemaOrder('JournalLineMod', [
    ['TxnLineID', NEW_LINE],
    ['JournalLineType', side],
    refField('AccountRef', line.categoryExternalId),
    ['Amount', fromCents(line.amountCents)],
    ['Memo', memo(line.description)],
    refField('EntityRef', entityOf(line)),
    refField('ClassRef', line.classExternalId),
    ['BillableStatus', billableStatus(line.billable)],
  ]);

/** A line Herd leaves as it is: named by its TxnLineID alone, QuickBooks keeps every field of it. */
const keptLine = (line: QbdLine): QbxmlFields => [['TxnLineID', line.txnLineId]];

/** Each kind's Mod: the line Mod it takes, and the header element naming its payee. */
const MODS: Record<Exclude<QbdTxnKind, 'SalesReceipt'>, { lineMod: string; payee: string | null }> = {
  Check: { lineMod: 'ExpenseLineMod', payee: 'PayeeEntityRef' },
  CreditCardCharge: { lineMod: 'ExpenseLineMod', payee: 'PayeeEntityRef' },
  CreditCardCredit: { lineMod: 'ExpenseLineMod', payee: 'PayeeEntityRef' },
  Bill: { lineMod: 'ExpenseLineMod', payee: 'VendorRef' },
  VendorCredit: { lineMod: 'ExpenseLineMod', payee: 'VendorRef' },
  Deposit: { lineMod: 'DepositLineMod', payee: null },
  JournalEntry: { lineMod: 'JournalLineMod', payee: null },
};

/**
 * The Mod that writes a categorization on QuickBooks' current copy (`current`, just queried, whose
 * EditSequence QuickBooks checks): the lines on watched accounts are replaced by Herd's lines, each
 * added as a new line (TxnLineID -1, a split being several), every other line kept by its TxnLineID
 * (once any line Mod is sent, QuickBooks removes the lines left out). The payee is set where the
 * header keeps one. Sales receipts are written through items, which Herd's categories do not name.
 */
export const buildQbdMod = (kind: QbdTxnKind, current: QbxmlElement, lines: PublishLine[], lookups: QbdLookups): QbxmlAsk => {
  if (kind === 'SalesReceipt') throw new QbdUnpublishableError('A sales receipt is categorized through items in QuickBooks Desktop; categorize it in QuickBooks.');
  if (lines.length === 0) throw new QbdUnpublishableError('There is no line to write to QuickBooks Desktop.');
  const waiting = notYetInQbd(lines.flatMap((line) => [line.categoryExternalId, line.vendorExternalId, line.customerExternalId, line.classExternalId]));
  if (waiting) throw new QbdUnpublishableError(waiting);
  const { lineMod, payee } = MODS[kind];
  const existing = linesOf(current);
  const firstWatched = existing.findIndex((line) => lookups.isWatched(line.accountId));
  if (firstWatched === -1) throw new QbdUnpublishableError('This transaction no longer has a line on a watched account in QuickBooks Desktop: it was categorized there.');
  const side = existing[firstWatched]!.side ?? 'Debit';
  const answer = lines.map((line) => (kind === 'Deposit' ? depositLine(line) : kind === 'JournalEntry' ? journalLine(line, side) : expenseLine(line)));
  // Herd's lines take the place of the first watched line, so the others keep their order around them.
  const lineMods: QbxmlField[] = existing.flatMap((line, index): QbxmlField[] => {
    if (index === firstWatched) return answer.map((fields): QbxmlField => [lineMod, fields]);
    return lookups.isWatched(line.accountId) ? [] : [[lineMod, keptLine(line)]];
  });
  const vendor = lines.find((line) => line.vendorExternalId)?.vendorExternalId ?? null;
  const customer = lines.find((line) => line.customerExternalId)?.customerExternalId ?? null;
  const payeeId = payee === 'VendorRef' ? vendor : (vendor ?? customer);
  return {
    name: `${kind}ModRq`,
    fields: [
      [
        `${kind}Mod`,
        inSchemaOrder(`${kind}Mod`, [
          ['TxnID', textOf(current, 'TxnID')],
          ['EditSequence', textOf(current, 'EditSequence')],
          ...(payee ? [refField(payee, payeeId)] : []),
          ...lineMods,
        ]),
      ],
    ],
  };
};
