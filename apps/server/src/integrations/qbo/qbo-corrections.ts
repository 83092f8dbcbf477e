import { createHash } from 'node:crypto';
import { fromCents } from '@herd/contract';
import type { CorrectionItem, CorrectionLine, CorrectionOutcome, SettledCorrection } from '../../modules/books/ledger/ledger-records.port.js';
import { isFault, type QboApi } from './qbo-api.js';
import { externalIdOf } from './qbo-records.js';

/** QuickBooks' longest PrivateNote and line Description (4,000 characters); it refuses longer text, so Herd cuts it. */
const MAX_TEXT = 4000;
/** QuickBooks' longest `requestid` on a single request. */
const MAX_REQUEST_ID = 50;

type Obj = Record<string, unknown>;

/** Counted in characters, not UTF-16 units, so a cut never splits one in two. */
const clip = (text: string): string => {
  const chars = [...text];
  return chars.length <= MAX_TEXT ? text : `${chars.slice(0, MAX_TEXT - 1).join('')}…`;
};

/** The item's key as QuickBooks takes it: as is when short enough, else a digest of it (the same for every attempt, as the key is). */
export const requestIdOf = (idempotencyKey: string): string =>
  idempotencyKey.length <= MAX_REQUEST_ID ? idempotencyKey : createHash('sha256').update(idempotencyKey).digest('base64url');

/** A journal line names one party (Finance.xsd's EntityTypeRef): the vendor when the answer has one, as publishing does. */
const partyOf = (line: CorrectionLine): Obj | undefined => {
  if (line.vendorExternalId) return { Type: 'Vendor', EntityRef: { value: line.vendorExternalId } };
  if (line.customerExternalId) return { Type: 'Customer', EntityRef: { value: line.customerExternalId } };
  return undefined;
};

/** Keys left undefined are not sent: QuickBooks' schema has no null for a reference. */
const defined = (obj: Obj): Obj => Object.fromEntries(Object.entries(obj).filter(([, v]) => v !== undefined));
const ref = (value: string | null) => (value ? { value } : undefined);

/** QuickBooks Online has classes and locations (departments), no tracking categories: those of a line are not sent. */
const journalLine = (line: CorrectionLine): Obj =>
  defined({
    // A JSON number holding the exact decimal of the cents, as publishing sends amounts.
    Amount: Number(fromCents(line.amountCents)),
    Description: line.description ? clip(line.description) : undefined,
    DetailType: 'JournalEntryLineDetail',
    JournalEntryLineDetail: defined({
      PostingType: line.posting === 'DEBIT' ? 'Debit' : 'Credit',
      Entity: partyOf(line),
      AccountRef: { value: line.accountExternalId },
      ClassRef: ref(line.classExternalId),
      DepartmentRef: ref(line.locationExternalId),
    }),
  });

/**
 * The JournalEntry create a correction becomes. CurrencyRef is always the corrected transaction's
 * own (what QuickBooks wrote on it and the pull read): the journal must move the amount in the
 * currency it was recorded in, and in a company with one currency that is the home currency
 * QuickBooks takes anyway. No exchange rate is sent: QuickBooks applies its own for the day.
 */
export const journalEntryOf = (item: CorrectionItem): Obj => ({
  TxnDate: item.date,
  PrivateNote: clip(item.memo),
  CurrencyRef: { value: item.currency },
  Line: item.lines.map(journalLine),
});

/**
 * QuickBooks split the transaction's tax off to its tax account (TxnTaxDetail), so the watched account
 * holds less than the lines say: a journal moving the lines' amounts would leave it wrong by the tax.
 * Herd does not guess how the answer's tax should read; the accountant posts that correction.
 */
const carriesTax = (raw: Obj | null) => Number((raw?.TxnTaxDetail as Obj | undefined)?.TotalTax ?? 0) !== 0;
const TAXED = 'QuickBooks holds tax on this transaction apart from its lines, and a journal entry would move its amount without it. Post the correction in QuickBooks.';

/**
 * Posts each correction as a JournalEntry of its own, keyed by the item's idempotency key as
 * QuickBooks' `requestid`, so a job retried after QuickBooks wrote one but before Herd recorded it
 * gets the same journal back instead of a second. A batch carries one requestid for all its items,
 * which could not say which of them were already written; corrections are few, so one request each.
 * Each answer is yielded at once for the module to record before the next request. A refusal of the
 * journal (a validation fault: unbalanced, a closed period, an inactive account…) settles that item
 * as rejected in QuickBooks' own words; a lost grant, throttling or an outage QboApi could not wait
 * out is thrown, as publishing does, leaving the items not yet answered to a later job.
 */
export async function* postCorrectionsToQbo(api: QboApi, items: CorrectionItem[]): AsyncGenerator<SettledCorrection[]> {
  for (const item of items) {
    let outcome: CorrectionOutcome;
    if (carriesTax(item.raw)) {
      yield [{ item, outcome: { kind: 'rejected', code: 'HERD', message: TAXED } }];
      continue;
    }
    try {
      const journal = await api.create('JournalEntry', journalEntryOf(item), requestIdOf(item.idempotencyKey));
      // Named as the adapter names every QuickBooks row it hands over, so a pull that reads the journal finds the same id.
      outcome = { kind: 'posted', journalExternalId: externalIdOf('JournalEntry', String(journal.Id)) };
    } catch (err) {
      // A create holds no SyncToken to be stale, so a 5010 on one refuses its data (closed periods are reported answered so).
      if (!isFault(err, 'validation') && !isFault(err, 'stale')) throw err;
      outcome = { kind: 'rejected', code: err.code, message: err.ledgerMessage };
    }
    yield [{ item, outcome }];
  }
}
