import type { ReviewCheck, ReviewCheckSettings } from '@herd/contract';
import { needsReceipt } from '../transactions/transactions.face.js';
import { PERSONAL_MERCHANT_WORDS } from './personal-payees.content.js';

/** One categorized transaction as the checks read it. */
export interface CheckedRow {
  pk: number;
  date: string;
  amount: string;
  type: string;
  merchantKey: string;
  payee: string;
  description: string;
  categories: number[];
  hasAttachment: boolean;
  /** Set for a transaction only the ledger holds (its pulled history lines); its `pk` is then the run's own, below zero. */
  ledgerExternalId: string | null;
}

export interface Finding {
  /** Herd's transaction; null for one only the ledger holds, named by `ledgerExternalId`. */
  transactionPk: number | null;
  ledgerExternalId?: string;
  check: ReviewCheck;
  /** For the accountant: why, with the numbers. */
  reason: string;
  /** For the client, sent with the transaction when the accountant asks them. */
  question: string;
}

/**
 * What the checks know besides the rows: the firm's settings, the payees' categories (Herd's answers and the ledger's
 * own books), the chart's names and which of its accounts have sub-accounts.
 */
export interface CheckContext {
  settings: ReviewCheckSettings;
  /** merchant key → category pk → how many lines went there. */
  history: Map<string, Map<number, number>>;
  categoryNames: Map<number, string>;
  /** A parent account → the names of its active sub-accounts. */
  subAccounts: Map<number, string[]>;
  /** The company's own receipt amount, else the firm's; null: none. */
  receiptAbove: string | null;
}

const cents = (amount: string) => Math.round(Math.abs(Number(amount)) * 100);
const money = (c: number) => `$${(c / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const payeeOf = (row: CheckedRow) => row.payee.trim() || row.description.trim() || 'this payee';
const daysBetween = (a: string, b: string) => Math.round(Math.abs(Date.parse(`${a}T00:00:00Z`) - Date.parse(`${b}T00:00:00Z`)) / 86_400_000);

/** Coded elsewhere than where the payee's transactions nearly always go. */
const codedDifferently = (row: CheckedRow, ctx: CheckContext): Finding | null => {
  const counts = new Map(ctx.history.get(row.merchantKey) ?? []);
  // The row's own lines are not its own history.
  for (const category of row.categories) counts.set(category, (counts.get(category) ?? 0) - 1);
  const total = [...counts.values()].reduce((sum, n) => sum + Math.max(0, n), 0);
  const [usual, n] = [...counts].sort((a, b) => b[1] - a[1])[0] ?? [null, 0];
  const { usual_at_least, usual_share_percent } = ctx.settings;
  if (usual === null || total < usual_at_least || (n / total) * 100 < usual_share_percent || row.categories.includes(usual)) return null;
  const coded = row.categories.map((c) => ctx.categoryNames.get(c) ?? 'another category').join(' and ') || 'no category';
  return {
    transactionPk: row.pk,
    check: 'PAYEE_CODED_DIFFERENTLY',
    reason: `Coded to ${coded}, but ${n} of ${total} earlier ${payeeOf(row)} transactions went to ${ctx.categoryNames.get(usual) ?? 'another category'}.`,
    question: `Your ${payeeOf(row)} charges are usually ${ctx.categoryNames.get(usual) ?? 'something else'}, but this one was ${coded}. What was it for?`,
  };
};

/**
 * One payee's rows of the window, read once for all of them: by date (then pk) for the twins, and their amounts in
 * order for the usual amount. Built per payee so that a company of 100,000 rows is not sorted once per row.
 */
interface PayeeRows {
  byDate: CheckedRow[];
  placeOf: Map<number, number>;
  sortedCents: number[];
}

const payeeRowsOf = (rows: CheckedRow[]): PayeeRows => {
  const byDate = [...rows].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.pk - b.pk));
  return { byDate, placeOf: new Map(byDate.map((r, i) => [r.pk, i])), sortedCents: rows.map((r) => cents(r.amount)).sort((a, b) => a - b) };
};

/** The median of the amounts once one of `value` is taken out: the other transactions' usual, without copying them. */
const medianWithout = (sorted: number[], value: number) => {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (sorted[mid]! < value) low = mid + 1;
    else high = mid;
  }
  const at = (j: number) => sorted[j < low ? j : j + 1]!;
  const n = sorted.length - 1;
  const mid = Math.floor(n / 2);
  return n % 2 ? at(mid) : Math.round((at(mid - 1) + at(mid)) / 2);
};

/** Far from what the payee usually costs. */
const unusualAmount = (row: CheckedRow, payee: PayeeRows, { amounts_at_least, amount_ratio }: ReviewCheckSettings): Finding | null => {
  const others = payee.sortedCents.length - 1;
  if (others < amounts_at_least) return null;
  const amount = cents(row.amount);
  const usual = medianWithout(payee.sortedCents, amount);
  if (usual === 0 || (amount < usual * amount_ratio && amount * amount_ratio > usual)) return null;
  const ratio = amount >= usual ? `${(amount / usual).toFixed(1)} times` : `${(usual / amount).toFixed(1)} times less than`;
  return {
    transactionPk: row.pk,
    check: 'AMOUNT_UNUSUAL',
    reason: `${money(amount)} is ${ratio} the usual ${money(usual)} for ${payeeOf(row)} (median of ${others} other transactions).`,
    question: `This ${money(amount)} from ${payeeOf(row)} is far from the usual ${money(usual)}. What was it for?`,
  };
};

/** The earliest of the row's close twins before it: same payee, amount and direction within a few days. */
const duplicateOf = (row: CheckedRow, payee: PayeeRows, { duplicate_days }: ReviewCheckSettings): Finding | null => {
  let twin: CheckedRow | null = null;
  // Walk back from the row in date order while still within the window; what sorts before it is earlier (or the same day, an older pk).
  for (let j = payee.placeOf.get(row.pk)! - 1; j >= 0; j--) {
    const earlier = payee.byDate[j]!;
    if (daysBetween(earlier.date, row.date) > duplicate_days) break;
    if (earlier.type === row.type && cents(earlier.amount) === cents(row.amount)) twin = earlier;
  }
  if (!twin) return null;
  const apart = daysBetween(twin.date, row.date);
  return {
    transactionPk: row.pk,
    check: 'LIKELY_DUPLICATE',
    reason: `Same payee and amount (${money(cents(row.amount))}) as the transaction of ${twin.date}, ${apart === 0 ? 'the same day' : `${apart} day${apart === 1 ? '' : 's'} apart`}.`,
    question: `This looks like a second charge of ${money(cents(row.amount))} from ${payeeOf(row)} within a few days. Were you charged twice, or were these two purchases?`,
  };
};

/** Coded to an account that has sub-accounts: the ledger's reports then miss the detail the sub-accounts exist for. */
const parentAccount = (row: CheckedRow, ctx: CheckContext): Finding | null => {
  const parent = row.categories.find((c) => ctx.subAccounts.has(c));
  if (parent === undefined) return null;
  const name = ctx.categoryNames.get(parent) ?? 'a parent account';
  const subs = ctx.subAccounts.get(parent)!;
  const listed = subs.length > 3 ? `${subs.slice(0, 3).join(', ')} and ${subs.length - 3} more` : subs.join(', ');
  return {
    transactionPk: row.pk,
    check: 'PARENT_ACCOUNT',
    reason: `Coded to ${name}, which has ${subs.length} sub-account${subs.length === 1 ? '' : 's'} (${listed}): it belongs in one of them.`,
    question: `This ${money(cents(row.amount))} from ${payeeOf(row)} is filed under ${name}. Which of these was it: ${listed}?`,
  };
};

const noPayee = (row: CheckedRow): Finding => ({
  transactionPk: row.pk,
  check: 'NO_PAYEE',
  reason: 'No payee: neither the payee nor the description names who was paid.',
  question: 'Who was this paid to, and what was it for?',
});

const personalPayee = (row: CheckedRow): Finding | null =>
  PERSONAL_MERCHANT_WORDS.has(row.merchantKey.split(' ')[0]!)
    ? {
        transactionPk: row.pk,
        check: 'PERSONAL_PAYEE',
        reason: `${payeeOf(row)} is usually a personal expense: check that it belongs to the business.`,
        question: `Was this ${payeeOf(row)} charge for the business, or personal?`,
      }
    : null;

const receiptMissing = (row: CheckedRow, receiptAbove: string | null): Finding | null =>
  // What the ledger itself holds attached is not pulled, so only Herd's own transactions are judged.
  receiptAbove !== null && row.ledgerExternalId === null && needsReceipt(receiptAbove, row) && !row.hasAttachment
    ? {
        transactionPk: row.pk,
        check: 'RECEIPT_MISSING',
        reason: `${money(cents(row.amount))} is above the ${money(cents(receiptAbove))} receipt threshold, and no receipt is attached.`,
        question: `Please add the receipt for this ${money(cents(row.amount))} charge from ${payeeOf(row)}.`,
      }
    : null;

/**
 * Every finding in a company's categorized transactions, by the checks the firm has on. Each check stands alone; a
 * transaction may trip several. The rows are the checked window's; the history includes the ledger's own categorized lines.
 */
export const findingsOf = (rows: CheckedRow[], ctx: CheckContext): Finding[] => {
  const rowsByMerchant = new Map<string, CheckedRow[]>();
  for (const row of rows) {
    if (!row.merchantKey) continue;
    const same = rowsByMerchant.get(row.merchantKey);
    if (same) same.push(row);
    else rowsByMerchant.set(row.merchantKey, [row]);
  }
  const payees = new Map([...rowsByMerchant].map(([key, same]) => [key, payeeRowsOf(same)]));
  const on = ctx.settings.checks;
  const findings: Finding[] = [];
  for (const row of rows) {
    const payee = payees.get(row.merchantKey);
    const found = payee
      ? [
          on.PAYEE_CODED_DIFFERENTLY ? codedDifferently(row, ctx) : null,
          on.AMOUNT_UNUSUAL ? unusualAmount(row, payee, ctx.settings) : null,
          on.LIKELY_DUPLICATE ? duplicateOf(row, payee, ctx.settings) : null,
          on.PERSONAL_PAYEE ? personalPayee(row) : null,
        ]
      : [on.NO_PAYEE ? noPayee(row) : null];
    found.push(on.PARENT_ACCOUNT ? parentAccount(row, ctx) : null, on.RECEIPT_MISSING ? receiptMissing(row, ctx.receiptAbove) : null);
    for (const finding of found) {
      if (!finding) continue;
      findings.push(row.ledgerExternalId === null ? finding : { ...finding, transactionPk: null, ledgerExternalId: row.ledgerExternalId });
    }
  }
  return findings;
};
