import { fromCents } from '@herd/contract';
import type { PublishLine } from '../../modules/books/ledger/ledger-records.port.js';
import type { XeroLookups } from './xero-lookups.js';
import { answerTaxTypes, lineAmountTypesFor } from './xero-publish-tax.js';
import { idOfRow, linesOf, XERO_TRANSACTION_ENTITIES, type XeroEntity } from './xero-transaction-map.js';
import { XeroUnpublishableError } from './xero-unpublishable.js';
import { idOf, text, xeroCents, type XeroObject } from './xero-values.js';

export { XeroUnpublishableError };

/** The exact decimal of some cents, as the JSON number Xero reads. */
const amount = (cents: number) => Number(fromCents(cents));

/** A line's tracking as Xero takes it (an answer's line or a correction's: both name up to two options). */
export const tracking = (line: Pick<PublishLine, 'trackingOneExternalId' | 'trackingTwoExternalId'>, lookups: XeroLookups): XeroObject[] =>
  [line.trackingOneExternalId, line.trackingTwoExternalId].flatMap((optionId) => {
    if (!optionId) return [];
    const option = lookups.trackingOption(optionId);
    if (!option) throw new XeroUnpublishableError('A tracking option of this answer is no longer in Xero. Choose another and publish again.');
    return [{ TrackingCategoryID: option.categoryId, TrackingOptionID: optionId, Name: option.categoryName, Option: option.optionName }];
  });

/** How a line names its account: by code where the account has one (as Xero's own screens do), else by id. */
export const accountRef = (accountId: string, lookups: XeroLookups): XeroObject => {
  const code = lookups.codeOf(accountId);
  return code ? { AccountCode: code } : { AccountID: accountId };
};

const answerLine = (entity: XeroEntity, line: PublishLine, taxType: string, sign: number, lookups: XeroLookups): XeroObject => {
  const common = {
    Description: line.description || undefined,
    ...accountRef(line.categoryExternalId, lookups),
    TaxType: taxType,
    ...(tracking(line, lookups).length > 0 ? { Tracking: tracking(line, lookups) } : {}),
  };
  // A journal line's amount carries its side (debit positive); the answer keeps the side of the line it replaces.
  if (entity === 'ManualJournal') return { ...common, LineAmount: amount(sign * line.amountCents) };
  return { ...common, Quantity: 1, UnitAmount: amount(line.amountCents), LineAmount: amount(line.amountCents) };
};

/**
 * A line kept as Xero has it, its tax amount included: Xero takes a given tax amount as it is (one
 * someone adjusted in Xero stays adjusted), where a line sent without one has its tax worked out
 * again, which can move the total.
 */
const keptLine = (line: XeroObject): XeroObject => Object.fromEntries(Object.entries(line).filter(([key]) => key !== 'ValidationErrors'));

/**
 * Bank transactions whose lines are not Herd's to recategorize, and what to do instead. A transfer's
 * two sides are written by its bank transfer (Xero's BankTransactions refuses their types); an
 * overpayment posts to accounts payable or receivable by Xero's own rule. Sent anyway, Xero would
 * refuse the one with a message about types, and the other would leave its money off AP/AR.
 */
const FIXED_BANK_TYPES: Record<string, string> = {
  'SPEND-TRANSFER': 'Xero changes a bank transfer only as a whole: categorize this transfer in Xero.',
  'RECEIVE-TRANSFER': 'Xero changes a bank transfer only as a whole: categorize this transfer in Xero.',
  'SPEND-OVERPAYMENT': 'Xero posts an overpayment to accounts payable itself, so it takes no category: allocate it to a bill in Xero.',
  'RECEIVE-OVERPAYMENT': 'Xero posts an overpayment to accounts receivable itself, so it takes no category: allocate it to an invoice in Xero.',
};

/** What Xero's contract requires in every body of a kind (an update included), taken unchanged from Xero's copy. */
const requiredFields = (entity: XeroEntity, raw: XeroObject): XeroObject => {
  if (entity === 'BankTransaction') return { Type: raw.Type, BankAccount: { AccountID: idOf(raw.BankAccount, 'AccountID') } };
  if (entity === 'ManualJournal') return { Narration: raw.Narration };
  return {};
};

/**
 * The object to POST (with its id, so Xero updates it): its lines on watched accounts replaced by
 * the answer's lines — account, tax type (always named: answerTaxTypes), up to two tracking
 * options, description, amounts — and every other line kept as it is, since Xero replaces the
 * lines whole. The line-amount type is kept unless keeping it would change the total
 * (lineAmountTypesFor). A contact named on the answer's first line becomes the object's contact
 * (Xero keeps one per object). The answer must add up to the watched lines' total to the cent.
 */
export const buildXeroUpdate = (entity: XeroEntity, raw: XeroObject, lines: PublishLine[], lookups: XeroLookups): XeroObject => {
  const fixed = entity === 'BankTransaction' ? FIXED_BANK_TYPES[text(raw.Type)] : undefined;
  if (fixed) throw new XeroUnpublishableError(fixed);
  const current = linesOf(entity, raw);
  const watched = current.filter((line) => lookups.isWatched(lookups.accountOf(line)));
  if (watched.length === 0) throw new XeroUnpublishableError('This transaction no longer waits on a watched account in Xero.');
  const watchedCents = watched.reduce((sum, line) => sum + xeroCents(line.LineAmount), 0);
  const sign = entity === 'ManualJournal' && watchedCents < 0 ? -1 : 1;
  const answerCents = lines.reduce((sum, line) => sum + line.amountCents, 0);
  if (answerCents !== Math.abs(watchedCents))
    throw new XeroUnpublishableError(`The lines add up to ${fromCents(answerCents)}, not ${fromCents(Math.abs(watchedCents))} as in Xero.`);
  const others = current.filter((line) => !watched.includes(line));
  const taxTypes = answerTaxTypes(lines, watched, lookups);
  const written = lines.map((line, i) => ({ cents: sign * line.amountCents, taxType: taxTypes[i]! }));
  const lineAmountTypes = lineAmountTypesFor(raw, watched, others, written, lookups);
  const kept = others.map(keptLine);
  const contactId = lines.map((line) => line.vendorExternalId ?? line.customerExternalId).find((id) => id);
  const spec = XERO_TRANSACTION_ENTITIES[entity];
  return {
    [spec.id]: idOfRow(entity, raw),
    ...requiredFields(entity, raw),
    ...(lineAmountTypes ? { LineAmountTypes: lineAmountTypes } : {}),
    ...(contactId && entity !== 'ManualJournal' ? { Contact: { ContactID: contactId } } : {}),
    [spec.lines]: [...kept, ...lines.map((line, i) => answerLine(entity, line, taxTypes[i]!, sign, lookups))],
  };
};

export const collectionOf = (entity: XeroEntity) => XERO_TRANSACTION_ENTITIES[entity].collection;
