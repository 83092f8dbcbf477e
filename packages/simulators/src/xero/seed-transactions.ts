import type { Prng } from '../qbo/prng.js';
import { DAY_MS, isoDay } from './dates.js';
import { requireEndpoint } from './endpoints.js';
import { taxOn } from './money.js';
import { quoteAmountTypes } from './prepare.js';
import type { SeedRefs } from './seed-reference.js';
import type { OrgStore } from './store.js';
import { insertTransfer } from './transfers.js';
import type { JsonObject, XeroRecord } from './types.js';

type Kind =
  | 'bill'
  | 'repeatingBill'
  | 'spend'
  | 'spendOverpayment'
  | 'spendPrepayment'
  | 'transfer'
  | 'purchaseOrder'
  | 'journalSpend'
  | 'invoice'
  | 'repeatingInvoice'
  | 'receive'
  | 'receiveOverpayment'
  | 'receivePrepayment'
  | 'quote'
  | 'journalReceive';

const KINDS: readonly Kind[] = [
  'bill',
  'spend',
  'invoice',
  'receive',
  'spend',
  'repeatingBill',
  'spendOverpayment',
  'spendPrepayment',
  'transfer',
  'purchaseOrder',
  'journalSpend',
  'repeatingInvoice',
  'receiveOverpayment',
  'receivePrepayment',
  'quote',
  'journalReceive',
];
/** Kinds whose lines post to a category a bookkeeper may park on Suspense; overpayments post to AP/AR, transfers to a bank, orders and quotes nowhere. */
const WATCHABLE: readonly Kind[] = [
  'bill',
  'spend',
  'invoice',
  'receive',
  'spend',
  'repeatingBill',
  'spendPrepayment',
  'journalSpend',
  'repeatingInvoice',
  'receivePrepayment',
  'journalReceive',
];
const RECEIVE_SIDE: ReadonlySet<Kind> = new Set(['invoice', 'repeatingInvoice', 'receive', 'receiveOverpayment', 'receivePrepayment', 'quote', 'journalReceive']);
const SPREAD_DAYS = 90;
const RATES: Record<string, number> = { INPUT2: 15, OUTPUT2: 15, NONE: 0 };

export interface TransactionSeedOptions {
  count: number;
  watched: number;
  now: number;
}

interface Context {
  store: OrgStore;
  refs: SeedRefs;
  rng: Prng;
  counters: Record<string, number>;
}

/**
 * Transactions of every subtype over the last 90 days. Exactly `watched` of them carry a line on
 * Suspense or Ask My Accountant, spread evenly through the sequence; some others are split over
 * several categories and some lines carry tracking.
 */
export function seedTransactions(store: OrgStore, refs: SeedRefs, rng: Prng, options: TransactionSeedOptions): void {
  const context: Context = { store, refs, rng, counters: {} };
  let plain = 0;
  let watchedSoFar = 0;
  for (let i = 0; i < options.count; i++) {
    const watched = Math.floor(((i + 1) * options.watched) / options.count) > watchedSoFar;
    const kind = watched ? (WATCHABLE[watchedSoFar % WATCHABLE.length] ?? 'spend') : (KINDS[plain % KINDS.length] ?? 'spend');
    if (watched) watchedSoFar++;
    else plain++;
    const at = options.now - Math.floor(rng.next() * SPREAD_DAYS * DAY_MS);
    createOne(context, kind, watched, at);
  }
}

function createOne(context: Context, kind: Kind, watched: boolean, at: number): void {
  const { store, refs, rng } = context;
  const receive = RECEIVE_SIDE.has(kind);
  const date = isoDay(at);
  const contact = rng.pick(receive ? refs.customers : refs.suppliers);
  const insert = (endpoint: string, fields: JsonObject) => store.insert(requireEndpoint(endpoint), fields, { at, silent: true });
  if (kind === 'transfer') {
    const [from, to] = rng.chance(0.5) ? [refs.bank, refs.savings] : [refs.savings, refs.bank];
    insertTransfer(
      store,
      { Date: date, Amount: rng.int(100, 5000) * 100, Reference: `Transfer ${date}`, FromBankAccount: bankRef(from), ToBankAccount: bankRef(to), Status: 'AUTHORISED' },
      { at, silent: true },
    );
    return;
  }
  if (kind === 'journalSpend' || kind === 'journalReceive') {
    const amount = rng.int(50, 3000) * 100;
    const category = watched ? watchedAccount(context, receive) : rng.pick(receive ? refs.income : refs.expenses);
    const [debit, credit] = receive ? [refs.receivable, category] : [category, refs.payable];
    const JournalLines = [journalLine(debit, amount, 'Accrual'), journalLine(credit, -amount, 'Accrual')];
    insert('ManualJournals', {
      Narration: receive ? 'Accrued income' : 'Accrued expense',
      Date: date,
      Status: 'POSTED',
      LineAmountTypes: 'NoTax',
      JournalLines,
      ShowOnCashBasisReports: true,
    });
    return;
  }
  const overpayment = kind === 'spendOverpayment' || kind === 'receiveOverpayment';
  const taxType = overpayment ? 'NONE' : receive ? 'OUTPUT2' : 'INPUT2';
  const amountTypes = overpayment ? 'NoTax' : rng.chance(0.25) ? 'Inclusive' : 'Exclusive';
  const lines = linesFor(context, { receive, watched, overpayment, taxType, amountTypes });
  const document = {
    Contact: { ContactID: contact.id, Name: contact.fields.Name ?? null },
    Date: date,
    LineAmountTypes: amountTypes,
    LineItems: lines,
    ...totalsOf(lines, amountTypes),
  };
  const due = isoDay(at + 30 * DAY_MS);
  switch (kind) {
    case 'bill':
    case 'invoice': {
      const status = rng.pick(['AUTHORISED', 'AUTHORISED', 'AUTHORISED', 'PAID', 'DRAFT', 'VOIDED']);
      const paid = status === 'PAID' ? document.Total : 0;
      const number = kind === 'invoice' ? { InvoiceNumber: next(context, 'INV-') } : { InvoiceNumber: `SUP-${rng.int(1000, 99999)}` };
      insert('Invoices', {
        Type: kind === 'bill' ? 'ACCPAY' : 'ACCREC',
        ...number,
        Reference: `Ref ${date}`,
        ...document,
        DueDate: due,
        Status: status,
        AmountPaid: paid,
        AmountDue: document.Total - paid,
        AmountCredited: 0,
      });
      return;
    }
    case 'repeatingBill':
    case 'repeatingInvoice': {
      const schedule = { Period: 1, Unit: 'MONTHLY', DueDate: 20, DueDateType: 'OFFOLLOWINGMONTH', StartDate: date, NextScheduledDate: isoDay(at + 30 * DAY_MS) };
      const { Date: _date, ...rest } = document;
      insert('RepeatingInvoices', { Type: kind === 'repeatingBill' ? 'ACCPAY' : 'ACCREC', ...rest, Schedule: schedule, Status: 'AUTHORISED', Reference: 'Monthly' });
      return;
    }
    case 'purchaseOrder':
      insert('PurchaseOrders', { PurchaseOrderNumber: next(context, 'PO-'), ...document, DeliveryDate: due, Status: rng.pick(['DRAFT', 'AUTHORISED', 'BILLED']) });
      return;
    case 'quote':
      insert('Quotes', {
        QuoteNumber: next(context, 'QU-'),
        Title: 'Proposed work',
        ...document,
        LineAmountTypes: quoteAmountTypes(amountTypes),
        ExpiryDate: due,
        Status: rng.pick(['DRAFT', 'SENT', 'ACCEPTED']),
      });
      return;
    default: {
      const type = {
        spend: 'SPEND',
        spendOverpayment: 'SPEND-OVERPAYMENT',
        spendPrepayment: 'SPEND-PREPAYMENT',
        receive: 'RECEIVE',
        receiveOverpayment: 'RECEIVE-OVERPAYMENT',
        receivePrepayment: 'RECEIVE-PREPAYMENT',
      }[kind];
      const bank = !receive && rng.chance(0.35) ? refs.creditCard : refs.bank;
      const extra = overpayment ? { OverpaymentID: store.newId() } : kind.endsWith('Prepayment') ? { PrepaymentID: store.newId() } : {};
      insert('BankTransactions', {
        Type: type,
        ...document,
        BankAccount: bankRef(bank),
        Status: 'AUTHORISED',
        IsReconciled: rng.chance(0.5),
        Reference: `Card ${rng.int(1000, 9999)}`,
        ...extra,
      });
    }
  }
}

interface LineSpec {
  receive: boolean;
  watched: boolean;
  overpayment: boolean;
  taxType: string;
  amountTypes: string;
}

/** One to three lines: the first parked on a watched account when asked, the rest categorized; some tracked. */
function linesFor(context: Context, spec: LineSpec): JsonObject[] {
  const { refs, rng, store } = context;
  const count = spec.overpayment ? 1 : rng.chance(0.3) ? rng.int(2, 3) : 1;
  return Array.from({ length: count }, (_, index) => {
    const account = spec.overpayment
      ? spec.receive
        ? refs.receivable
        : refs.payable
      : index === 0 && spec.watched
        ? watchedAccount(context, spec.receive)
        : rng.pick(spec.receive ? refs.income : refs.expenses);
    const taxType = account === refs.suspense || account === refs.askMyAccountant ? 'NONE' : spec.taxType;
    const amount = rng.int(1000, 250_000);
    const tracking = !spec.overpayment && rng.chance(0.3) ? trackingFor(context) : [];
    return {
      LineItemID: store.newId(),
      Description: spec.watched && index === 0 ? 'Unknown card payment' : String(account.fields.Name),
      Quantity: 1,
      UnitAmount: amount,
      LineAmount: amount,
      AccountCode: account.fields.Code ?? null,
      AccountID: account.id,
      TaxType: taxType,
      TaxAmount: spec.amountTypes === 'NoTax' ? 0 : taxOn(amount, RATES[taxType] ?? 0, spec.amountTypes === 'Inclusive'),
      Tracking: tracking,
    };
  });
}

function trackingFor({ refs, rng }: Context): JsonObject[] {
  const chosen = rng.chance(0.5) ? refs.tracking : refs.tracking.slice(0, 1);
  return chosen.map(({ category, options }) => {
    const option = rng.pick(options);
    return { TrackingCategoryID: category.id, TrackingOptionID: option.TrackingOptionID ?? null, Name: category.fields.Name ?? null, Option: option.Name ?? null };
  });
}

function totalsOf(lines: JsonObject[], amountTypes: string): { SubTotal: number; TotalTax: number; Total: number } {
  const sum = lines.reduce((total, line) => total + Number(line.LineAmount), 0);
  const tax = lines.reduce((total, line) => total + Number(line.TaxAmount), 0);
  const subTotal = amountTypes === 'Inclusive' ? sum - tax : sum;
  return { SubTotal: subTotal, TotalTax: tax, Total: subTotal + tax };
}

/** Spending is parked on Ask My Accountant or Suspense alike; money received, on Suspense. */
function watchedAccount({ refs, rng }: Context, receive: boolean): XeroRecord {
  return receive || rng.chance(0.5) ? refs.suspense : refs.askMyAccountant;
}

function journalLine(account: XeroRecord, amount: number, description: string): JsonObject {
  return { LineAmount: amount, AccountCode: account.fields.Code ?? null, AccountID: account.id, Description: description, TaxType: 'NONE', TaxAmount: 0, Tracking: [] };
}

function bankRef(account: XeroRecord): JsonObject {
  return { AccountID: account.id, Code: account.fields.Code ?? null, Name: account.fields.Name ?? null };
}

function next(context: Context, prefix: string): string {
  context.counters[prefix] = (context.counters[prefix] ?? 0) + 1;
  return `${prefix}${String(context.counters[prefix]).padStart(4, '0')}`;
}
