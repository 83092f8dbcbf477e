import { createHash } from 'node:crypto';
import { fromCents } from '@herd/contract';
import type { CorrectionItem, CorrectionLine } from '../../modules/books/ledger/ledger-records.port.js';
import type { XeroLookups } from './xero-lookups.js';
import { accountRef, tracking } from './xero-publish-map.js';
import { answerTaxType, heldTaxType } from './xero-publish-tax.js';
import { xeroIdOf } from './xero-records.js';
import { linesOf, XERO_TRANSACTION_ENTITIES, type XeroEntity } from './xero-transaction-map.js';
import { text, type XeroObject } from './xero-values.js';

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

/** The watched lines of the corrected transaction, as Xero held them (none for an entity Herd does not know). */
const watchedLinesOf = (item: CorrectionItem, lookups: XeroLookups): XeroObject[] => {
  const entity = item.entityType as XeroEntity;
  if (!item.raw || !(entity in XERO_TRANSACTION_ENTITIES)) return [];
  return linesOf(entity, item.raw).filter((line) => lookups.isWatched(lookups.accountOf(line)));
};

/**
 * One journal line: its account as Xero's own screens name it (by code where it has one), the amount
 * signed by its side (Xero reads a debit as positive, a credit as negative), its tax type and its
 * tracking. A manual journal line has no contact, class or location, so a correction's vendor,
 * customer, class and location are not sent.
 */
const journalLine = (line: CorrectionLine, taxType: string, lookups: XeroLookups): XeroObject => {
  const options = tracking(line, lookups);
  return {
    ...(line.description.trim() ? { Description: clipped(line.description) } : {}),
    ...accountRef(line.accountExternalId, lookups),
    LineAmount: Number(fromCents(line.posting === 'DEBIT' ? line.amountCents : -line.amountCents)),
    TaxType: taxType,
    ...(options.length > 0 ? { Tracking: options } : {}),
  };
};

/**
 * The manual journal a correction becomes, posted (not a draft, which would leave the books as they
 * were) on the correction's day. Xero requires a narration; a memo left blank still says what the
 * journal corrects. Throws XeroUnpublishableError when a tracking option is no longer in Xero.
 *
 * Tax: Xero split the transaction's tax off to its tax account, so the watched account holds the
 * amount net of it. The journal states its amounts as the transaction's lines did (its
 * LineAmountTypes, which Herd's line amounts follow) and writes the watched side with the tax held
 * there, each answer line with its own: a tax the answer left unchanged nets to nothing on the tax
 * account, and only the net amount moves; a changed one moves the difference, as it should.
 */
export const buildCorrectionJournal = (item: CorrectionItem, lookups: XeroLookups): XeroObject => {
  // The watched side keeps the tax held there; each answer line takes its own as a publish would write it.
  const held = heldTaxType(watchedLinesOf(item, lookups));
  const taxOf = (line: CorrectionLine) =>
    lookups.isWatched(line.accountExternalId) ? held || 'NONE' : answerTaxType(line.taxExternalId, line.accountExternalId, held, lookups);
  const amountTypes = text(item.raw?.LineAmountTypes);
  return {
    Narration: clipped(item.memo.trim() || `Correction of ${item.entityType} ${xeroIdOf(item.entityType as XeroEntity, item.externalId)}`),
    Date: item.date,
    Status: 'POSTED',
    LineAmountTypes: amountTypes === 'Exclusive' || amountTypes === 'Inclusive' ? amountTypes : 'NoTax',
    JournalLines: item.lines.map((line) => journalLine(line, taxOf(line), lookups)),
  };
};
