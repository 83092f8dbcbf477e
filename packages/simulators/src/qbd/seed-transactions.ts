import type { Prng } from '../qbo/prng.js';
import type { NewTxn, QbdCompany } from './company-store.js';
import { DAY_MS, qbdDate } from './qbd-time.js';
import type { SeedRefs } from './seed-reference.js';
import type { ExpenseLine, Ref, TxnKind } from './types.js';

/** How often each kind appears, roughly as in a small firm's books. */
const KIND_WEIGHTS: [TxnKind, number][] = [
  ['Check', 25],
  ['CreditCardCharge', 20],
  ['CreditCardCredit', 5],
  ['Deposit', 12],
  ['Bill', 13],
  ['VendorCredit', 5],
  ['JournalEntry', 8],
  ['SalesReceipt', 12],
];

export interface SeedTransactionOptions {
  count: number;
  /** How many of them post a line to Uncategorized Expenses/Income or Ask My Accountant. */
  watched: number;
  now: number;
}

function pickKind(rng: Prng): TxnKind {
  let roll = rng.int(
    1,
    KIND_WEIGHTS.reduce((sum, [, weight]) => sum + weight, 0),
  );
  for (const [kind, weight] of KIND_WEIGHTS) {
    roll -= weight;
    if (roll <= 0) return kind;
  }
  return 'Check';
}

const amount = (rng: Prng): number => rng.int(500, 250_000);

/**
 * Adds `count` transactions dated over the past year, created in date order, exactly `watched`
 * of them spread evenly through the run (i is watched when the running share crosses a whole number).
 */
export function seedTransactions(company: QbdCompany, refs: SeedRefs, rng: Prng, options: SeedTransactionOptions): void {
  const { count, watched, now } = options;
  const start = now - 365 * DAY_MS;
  for (let i = 0; i < count; i++) {
    const isWatched = Math.floor(((i + 1) * watched) / count) > Math.floor((i * watched) / count);
    const createdAt = start + Math.floor(((i + 1) * (365 * DAY_MS - 60_000)) / count);
    let kind = pickKind(rng);
    // A sales receipt posts through items, so a watched one is written as a deposit instead.
    if (isWatched && kind === 'SalesReceipt') kind = 'Deposit';
    company.addTxn(buildTxn(kind, refs, rng, isWatched, qbdDate(createdAt - rng.int(0, 3) * DAY_MS), i), createdAt);
  }
}

function expenseLines(refs: SeedRefs, rng: Prng, watched: boolean): ExpenseLine[] {
  const lines: ExpenseLine[] = Array.from({ length: rng.int(1, 3) }, () => ({
    txnLineId: '',
    account: rng.pick(refs.expenseAccounts),
    amountCents: amount(rng),
    ...(rng.chance(0.3) ? { class: rng.pick(refs.classes) } : {}),
    ...(rng.chance(0.15) ? { customer: rng.pick(refs.customers), billableStatus: 'Billable' as const } : {}),
    ...(rng.chance(0.5) ? { memo: `Line memo ${rng.int(1, 999)}` } : {}),
  }));
  if (watched && lines[0]) lines[0].account = rng.pick(refs.watchedExpense);
  return lines;
}

function buildTxn(kind: TxnKind, refs: SeedRefs, rng: Prng, watched: boolean, txnDate: string, index: number): NewTxn {
  const base: NewTxn = { kind, txnDate, expenseLines: [], itemLines: [], journalLines: [], depositLines: [] };
  const vendor = rng.pick(refs.vendors);
  const memo = rng.chance(0.6) ? { memo: `${kind} ${index + 1}` } : {};
  switch (kind) {
    case 'Check':
      return { ...base, ...memo, account: refs.bank, payee: vendor, refNumber: String(1001 + index), expenseLines: expenseLines(refs, rng, watched) };
    case 'CreditCardCharge':
    case 'CreditCardCredit':
      return { ...base, ...memo, account: refs.creditCard, payee: vendor, expenseLines: expenseLines(refs, rng, watched) };
    case 'Bill':
    case 'VendorCredit':
      return {
        ...base,
        ...memo,
        account: refs.accountsPayable,
        payee: vendor,
        refNumber: `INV-${index + 1}`,
        ...(kind === 'Bill' ? { dueDate: qbdDate(Date.parse(txnDate) + 30 * DAY_MS), isPaid: rng.chance(0.5) } : {}),
        expenseLines: expenseLines(refs, rng, watched),
      };
    case 'Deposit':
      return { ...base, ...memo, account: refs.bank, depositLines: [depositLine(refs, rng, watched ? refs.uncategorizedIncome : refs.incomeAccount)] };
    case 'JournalEntry':
      return journalEntry(base, refs, rng, watched, index);
    case 'SalesReceipt':
      return salesReceipt(base, refs, rng, index);
  }
}

function depositLine(refs: SeedRefs, rng: Prng, account: Ref) {
  return {
    txnLineId: '',
    account,
    amountCents: amount(rng),
    ...(rng.chance(0.5) ? { entity: rng.pick(refs.customers) } : {}),
    ...(rng.chance(0.5) ? { paymentMethod: rng.pick(refs.paymentMethods), checkNumber: String(rng.int(100, 9999)) } : {}),
  };
}

function journalEntry(base: NewTxn, refs: SeedRefs, rng: Prng, watched: boolean, index: number): NewTxn {
  const cents = amount(rng);
  const debitAccount = watched ? rng.pick(refs.watchedExpense) : rng.pick(refs.expenseAccounts);
  return {
    ...base,
    refNumber: `JE-${index + 1}`,
    journalLines: [
      { txnLineId: '', side: 'Debit', account: debitAccount, amountCents: cents, memo: 'Reclass' },
      { txnLineId: '', side: 'Credit', account: refs.bank, amountCents: cents, memo: 'Reclass' },
    ],
  };
}

function salesReceipt(base: NewTxn, refs: SeedRefs, rng: Prng, index: number): NewTxn {
  return {
    ...base,
    refNumber: `SR-${index + 1}`,
    payee: rng.pick(refs.customers),
    account: refs.undepositedFunds,
    paymentMethod: rng.pick(refs.paymentMethods),
    itemLines: Array.from({ length: rng.int(1, 2) }, () => {
      const quantity = rng.int(1, 5);
      return { txnLineId: '', item: rng.pick(refs.items), quantity, amountCents: quantity * rng.int(2_000, 20_000), salesTaxCode: rng.pick(refs.salesTaxCodes) };
    }),
  };
}
