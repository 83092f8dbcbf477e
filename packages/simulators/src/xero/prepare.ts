import type { EndpointSpec } from './endpoints.js';
import { checkGivenTotals, normalizeLines } from './lines.js';
import { lockedWriteErrors } from './lock-dates.js';
import { prepareReference } from './prepare-reference.js';
import { findAccount, findContact } from './resolve.js';
import type { OrgStore } from './store.js';
import { isJsonObject, type JsonObject, type Prepared, type XeroRecord } from './types.js';

export type { Prepared };

const TYPES: Record<string, readonly string[]> = {
  Invoices: ['ACCPAY', 'ACCREC', 'ACCPAYCREDIT', 'ACCRECCREDIT', 'APOVERPAYMENT', 'APPREPAYMENT', 'AROVERPAYMENT', 'ARPREPAYMENT'],
  RepeatingInvoices: ['ACCPAY', 'ACCREC'],
  // The *-TRANSFER types are written by BankTransfers; that this endpoint refuses them is inferred (UNCONFIRMED).
  BankTransactions: ['RECEIVE', 'RECEIVE-OVERPAYMENT', 'RECEIVE-PREPAYMENT', 'SPEND', 'SPEND-OVERPAYMENT', 'SPEND-PREPAYMENT'],
};

const STATUSES: Record<string, readonly string[]> = {
  Invoices: ['DRAFT', 'SUBMITTED', 'AUTHORISED', 'PAID', 'VOIDED', 'DELETED'],
  BankTransactions: ['AUTHORISED', 'DELETED', 'VOIDED'],
  ManualJournals: ['DRAFT', 'POSTED', 'DELETED', 'VOIDED', 'ARCHIVED'],
  PurchaseOrders: ['DRAFT', 'SUBMITTED', 'AUTHORISED', 'BILLED', 'DELETED'],
  Quotes: ['DRAFT', 'SENT', 'ACCEPTED', 'DECLINED', 'INVOICED', 'DELETED'],
  RepeatingInvoices: ['DRAFT', 'AUTHORISED', 'DELETED'],
};

const DEFAULT_STATUS: Record<string, string> = { BankTransactions: 'AUTHORISED', RepeatingInvoices: 'AUTHORISED' };

/** Xero's state machine for invoices: drafts are deleted, approved invoices voided. */
const INVOICE_MOVES: Record<string, readonly string[]> = {
  DELETED: ['DRAFT', 'SUBMITTED', 'DELETED'],
  VOIDED: ['AUTHORISED', 'VOIDED'],
};

/** A quote spells its LineAmountTypes in capitals (the contract's QuoteLineAmountTypes); the other documents as the lines reckon them. */
const QUOTE_AMOUNT_TYPES: Record<string, string> = { EXCLUSIVE: 'Exclusive', INCLUSIVE: 'Inclusive', NOTAX: 'NoTax' };
export const quoteAmountTypes = (amountTypes: string): string => amountTypes.toUpperCase();

/** Checks one item (already merged over the record it updates) and completes its derived fields. */
export function prepareItem(store: OrgStore, endpoint: EndpointSpec, item: JsonObject, existing: XeroRecord | undefined, today: string): Prepared {
  const status = existing?.fields[endpoint.statusField];
  if (existing && typeof status === 'string' && endpoint.closedStatuses.includes(status)) {
    return { fields: item, errors: [`This ${endpoint.name} record cannot be edited as it is ${status}.`] };
  }
  if (!endpoint.lines) return prepareReference(store, endpoint, item, existing);
  return prepareDocument(store, endpoint, item, existing, today);
}

function prepareDocument(store: OrgStore, endpoint: EndpointSpec, item: JsonObject, existing: XeroRecord | undefined, today: string): Prepared {
  const errors: string[] = [];
  const fields: JsonObject = { ...item };
  const journal = endpoint.lines === 'JournalLines';
  const types = TYPES[endpoint.name];
  if (types && !types.includes(String(item.Type))) errors.push(`Type must be one of ${types.join(', ')}`);
  const statuses = STATUSES[endpoint.name] ?? [];
  fields.Status = typeof item.Status === 'string' ? item.Status : (DEFAULT_STATUS[endpoint.name] ?? 'DRAFT');
  if (!statuses.includes(fields.Status)) errors.push(`Status must be one of ${statuses.join(', ')}`);
  const from = String(existing?.fields.Status ?? '');
  const allowedFrom = INVOICE_MOVES[fields.Status];
  if (endpoint.name === 'Invoices' && existing && allowedFrom && !allowedFrom.includes(from)) {
    errors.push(`An invoice that is ${from} cannot be ${fields.Status === 'DELETED' ? 'deleted' : 'voided'}.`);
  }
  // A repeating invoice has no Date of its own (its schedule's StartDate dates it): its schema defines none.
  if (endpoint.name !== 'RepeatingInvoices' && (typeof fields.Date !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(fields.Date))) {
    if (fields.Date !== undefined) errors.push('Date is not a valid date');
    fields.Date = today;
  }
  errors.push(...lockedWriteErrors(store, endpoint, fields, existing));
  if (journal && (typeof item.Narration !== 'string' || item.Narration.trim() === '')) errors.push('Narration is required');

  const lines = item[endpoint.lines ?? 'LineItems'];
  if (!Array.isArray(lines) || lines.length === 0) errors.push(`${endpoint.lines ?? 'LineItems'} must contain at least one line`);
  const given = typeof item.LineAmountTypes === 'string' ? item.LineAmountTypes : undefined;
  const amountTypes = given === undefined ? (journal ? 'NoTax' : 'Exclusive') : endpoint.name === 'Quotes' ? (QUOTE_AMOUNT_TYPES[given] ?? given) : given;
  const result = normalizeLines(store, lines, amountTypes, journal);
  errors.push(...result.errors);
  fields.LineAmountTypes = endpoint.name === 'Quotes' ? quoteAmountTypes(amountTypes) : amountTypes;
  fields[endpoint.lines ?? 'LineItems'] = result.lines;

  if (journal) {
    const debits = result.lines.reduce((sum, line) => sum + Math.max(0, Number(line.LineAmount)), 0);
    const credits = result.lines.reduce((sum, line) => sum - Math.min(0, Number(line.LineAmount)), 0);
    // Xero states the credits signed, as its lines carry them (the contract's example: "total credits (-10.00)").
    if (debits !== credits) errors.push(`The total debits (${(debits / 100).toFixed(2)}) must equal total credits (${(-credits / 100).toFixed(2)})`);
    return { fields, errors };
  }

  errors.push(...checkGivenTotals(item, result.totals));
  Object.assign(fields, result.totals);
  if (endpoint.name === 'Invoices') {
    const paid = typeof item.AmountPaid === 'number' ? item.AmountPaid : 0;
    Object.assign(fields, { AmountPaid: paid, AmountDue: result.totals.Total - paid, AmountCredited: fields.AmountCredited ?? 0 });
    if (fields.Type === 'ACCREC' && typeof fields.InvoiceNumber !== 'string') fields.InvoiceNumber = nextInvoiceNumber(store);
  }
  if (endpoint.name === 'BankTransactions') {
    const bank = isJsonObject(item.BankAccount) ? findAccount(store, item.BankAccount) : undefined;
    if (!bank || bank.fields.Type !== 'BANK') errors.push('BankAccount must name a bank account by AccountID or Code');
    else fields.BankAccount = { AccountID: bank.id, Code: bank.fields.Code ?? null, Name: bank.fields.Name ?? null };
    fields.IsReconciled = item.IsReconciled === true;
  }
  const contact = endpoint.name === 'ManualJournals' ? undefined : contactOf(store, item, errors);
  if (contact?.fields) fields.Contact = contact.fields;
  return { fields, errors, newContact: contact?.create };
}

/** The document's contact by ContactID or Name; a new Name becomes a new contact, as in Xero. */
function contactOf(store: OrgStore, item: JsonObject, errors: string[]): { fields?: JsonObject; create?: JsonObject } | undefined {
  const found = findContact(store, item.Contact);
  if (found.record) return { fields: { ContactID: found.record.id, Name: found.record.fields.Name ?? null } };
  if (found.id) {
    errors.push(`The contact with ContactID ${found.id} could not be found`);
    return undefined;
  }
  if (found.name) {
    const id = store.newId();
    const create = { ContactID: id, Name: found.name, ContactStatus: 'ACTIVE', IsSupplier: false, IsCustomer: false };
    return { fields: { ContactID: id, Name: found.name }, create };
  }
  errors.push('A Contact with a ContactID or Name is required');
  return undefined;
}

function nextInvoiceNumber(store: OrgStore): string {
  const count = store.list('Invoices').filter((invoice) => invoice.fields.Type === 'ACCREC').length;
  return `INV-${String(count + 1).padStart(4, '0')}`;
}
