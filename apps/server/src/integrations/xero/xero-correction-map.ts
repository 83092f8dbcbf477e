import { createHash } from 'node:crypto';
import { fromCents } from '@herd/contract';
import type { CorrectionItem, CorrectionLine } from '../../modules/books/ledger/ledger-records.port.js';
import type { XeroLookups } from './xero-lookups.js';
import { accountRef, tracking } from './xero-publish-map.js';
import { xeroIdOf } from './xero-records.js';
import type { XeroEntity } from './xero-transaction-map.js';
import type { XeroObject } from './xero-values.js';

/**
 * The longest text Herd puts in a narration or a line's description. Xero's guide gives an invoice
 * line's description 4,000 characters; its contract states no limit for a journal's texts, so the
 * same is assumed for them (UNCONFIRMED), and a longer memo is cut rather than refused.
 */
const MAX_TEXT = 4000;

/** The contract's limit on an Idempotency-Key. */
const MAX_KEY = 128;

const clipped = (value: string) => (value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT - 1)}…` : value);

/**
 * The key Xero is sent for a correction: the module's own while it fits, else a digest of it, which
 * is as stable across retries as the key itself and still tells one correction from another.
 */
export const xeroIdempotencyKey = (key: string): string => (key.length <= MAX_KEY ? key : createHash('sha256').update(key).digest('hex'));

/**
 * One journal line: its account as Xero's own screens name it (by code where it has one), the amount
 * signed by its side (Xero reads a debit as positive, a credit as negative), and its tracking. A
 * manual journal line has no contact, class or location, so a correction's vendor, customer, class
 * and location are not sent; no tax type either, since the journal carries no tax (NoTax).
 */
const journalLine = (line: CorrectionLine, lookups: XeroLookups): XeroObject => {
  const options = tracking(line, lookups);
  return {
    ...(line.description.trim() ? { Description: clipped(line.description) } : {}),
    ...accountRef(line.accountExternalId, lookups),
    LineAmount: Number(fromCents(line.posting === 'DEBIT' ? line.amountCents : -line.amountCents)),
    ...(options.length > 0 ? { Tracking: options } : {}),
  };
};

/**
 * The manual journal a correction becomes, posted (not a draft, which would leave the books as they
 * were) on the correction's day. Xero requires a narration; a memo left blank still says what the
 * journal corrects. Throws XeroUnpublishableError when a tracking option is no longer in Xero.
 */
export const buildCorrectionJournal = (item: CorrectionItem, lookups: XeroLookups): XeroObject => ({
  Narration: clipped(item.memo.trim() || `Correction of ${item.entityType} ${xeroIdOf(item.entityType as XeroEntity, item.externalId)}`),
  Date: item.date,
  Status: 'POSTED',
  LineAmountTypes: 'NoTax',
  JournalLines: item.lines.map((line) => journalLine(line, lookups)),
});
