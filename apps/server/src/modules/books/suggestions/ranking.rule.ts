import type { SuggestionSource } from '@herd/contract';
import { isClientCategoryType } from '../refs/refs.face.js';

/**
 * How a suggestion is chosen from answers already given (pure: the job reads
 * the answers and writes what this returns). Rules, in plain words:
 *
 * - The company's own answers are those given in Herd and those its books
 *   already hold (ledger history read by the pull), ranked as one history.
 * - Only a merchant's most recent answers count (RECENT_ANSWERS), so a
 *   company that changed its mind is followed within a few answers.
 * - Confidence is the share of those answers that chose the category, with
 *   one imaginary dissenting answer added: one answer alone gives 0.5, three
 *   in a row 0.75, 19 of 20 about 0.9. Below SUGGESTION_THRESHOLD nothing is
 *   suggested: a wrong one-tap answer costs the accountant more than none.
 * - Vendor, customer and class come only from the company's own answers, and
 *   only when the answers with that category agree on them just as strongly.
 * - Other client companies of the firm are asked for the category only when
 *   the company has fewer than FEW_OWN_ANSWERS answers for the merchant. Each company votes once (its
 *   most chosen account for the merchant), and a vote counts only when this
 *   company has an account of the same name and kind: only this company's own
 *   accounts can be suggested, and no other client's account name is shown.
 * - Only income and expense accounts are suggested (what a client may choose),
 *   so a suggestion can always be accepted by whoever answers.
 */
export const RECENT_ANSWERS = 20;
export const SUGGESTION_THRESHOLD = 0.7;

export interface OwnAnswers {
  categoryId: number;
  vendorId: number | null;
  customerId: number | null;
  classId: number | null;
  /** Lines with exactly these values among all the merchant's answers, and among its recent ones. */
  total: number;
  recent: number;
  /** How many of `total` the company's books hold (lines categorized in the ledger itself, not answered in Herd). */
  books: number;
  /** The latest date of such an answer (YYYY-MM-DD). */
  last: string;
}

export interface FirmAnswers {
  companyPk: number;
  accountName: string;
  accountType: string;
  n: number;
}

export interface Account {
  pk: number;
  name: string;
  accountType: string;
  active: boolean;
}

export interface Suggestion {
  categoryId: number;
  vendorId: number | null;
  customerId: number | null;
  classId: number | null;
  source: SuggestionSource;
  confidence: number;
  why: string;
}

const confidenceOf = (agreeing: number, all: number) => agreeing / (all + 1);

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "Sep 18", with the year when it is not this year's: "Sep 18, 2025". */
export const shortDate = (isoDate: string, now: Date) => {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  const label = `${MONTHS[month - 1]} ${day}`;
  return year === now.getUTCFullYear() ? label : `${label}, ${year}`;
};

const times = (n: number) => (n === 1 ? 'once' : n === 2 ? 'twice' : `${n} times`);

const suggestable = (account: Account | undefined): account is Account => !!account && account.active && isClientCategoryType(account.accountType);

/** The field's value most of the category's recent answers agree on, if they agree strongly enough. */
const agreedValue = (answers: OwnAnswers[], field: 'vendorId' | 'customerId' | 'classId', recentWithCategory: number) => {
  const votes = new Map<number, number>();
  for (const a of answers) {
    const value = a[field];
    if (value !== null && a.recent > 0) votes.set(value, (votes.get(value) ?? 0) + a.recent);
  }
  const [best] = [...votes.entries()].sort((x, y) => y[1] - x[1]);
  return best && confidenceOf(best[1], recentWithCategory) >= SUGGESTION_THRESHOLD ? best[0] : null;
};

/** From one merchant's answers in this company (one direction: costs or sales). */
export const fromOwnHistory = (answers: OwnAnswers[], accounts: Map<number, Account>, merchantName: string, now: Date): Suggestion | null => {
  const byCategory = new Map<number, OwnAnswers[]>();
  for (const a of answers) byCategory.set(a.categoryId, [...(byCategory.get(a.categoryId) ?? []), a]);
  const recentAll = answers.reduce((sum, a) => sum + a.recent, 0);
  const ranked = [...byCategory.entries()]
    .map(([categoryId, rows]) => ({
      categoryId,
      rows,
      recent: rows.reduce((sum, a) => sum + a.recent, 0),
      total: rows.reduce((sum, a) => sum + a.total, 0),
      books: rows.reduce((sum, a) => sum + a.books, 0),
      last: rows.reduce((max, a) => (a.last > max ? a.last : max), ''),
    }))
    // Most chosen lately; on a tie, the one chosen last.
    .sort((x, y) => y.recent - x.recent || y.last.localeCompare(x.last));
  const best = ranked[0];
  if (!best) return null;
  const account = accounts.get(best.categoryId);
  const confidence = confidenceOf(best.recent, recentAll);
  if (!suggestable(account) || confidence < SUGGESTION_THRESHOLD) return null;
  return {
    categoryId: account.pk,
    vendorId: agreedValue(best.rows, 'vendorId', best.recent),
    customerId: agreedValue(best.rows, 'customerId', best.recent),
    classId: agreedValue(best.rows, 'classId', best.recent),
    source: 'HISTORY',
    confidence,
    why: ownWhy(account.name, merchantName, best.total - best.books, best.books, shortDate(best.last, now)),
  };
};

/**
 * Says whose answers these were: the company's in Herd ("You chose"), its books' ("Your books
 * show"), or both, each counted, so a client can tell a habit of theirs from one of their ledger.
 */
const ownWhy = (account: string, merchant: string, inHerd: number, inBooks: number, last: string) => {
  if (inBooks === 0) return `You chose ${account} for ${merchant} ${times(inHerd)}, last on ${last}`;
  if (inHerd === 0) return `Your books show ${account} for ${merchant} ${times(inBooks)}, last on ${last}`;
  return `You chose ${account} for ${merchant} ${times(inHerd)} and your books show it ${times(inBooks)}, last on ${last}`;
};

const nameKey = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/** Account types in each ledger's spelling, reduced to the kind that must match across companies. */
const kindOf = (accountType: string) => {
  const t = accountType.toLowerCase().replace(/[^a-z]/g, '');
  if (['income', 'otherincome', 'revenue', 'sales'].includes(t)) return 'income';
  if (['expense', 'expenses', 'otherexpense', 'overheads', 'depreciatn', 'depreciation'].includes(t)) return 'expense';
  if (['costofgoodssold', 'cogs', 'directcosts'].includes(t)) return 'cogs';
  return t;
};

export const accountKey = (name: string, accountType: string) => `${nameKey(name)}|${kindOf(accountType)}`;

/** From other client companies of the firm, for the category only, mapped onto this company's chart. */
export const fromFirm = (answers: FirmAnswers[], accounts: Account[], merchantName: string): Suggestion | null => {
  const ownByKey = new Map(accounts.filter(suggestable).map((a) => [accountKey(a.name, a.accountType), a]));
  const topOf = new Map<number, FirmAnswers>();
  for (const a of answers) {
    const top = topOf.get(a.companyPk);
    if (!top || a.n > top.n) topOf.set(a.companyPk, a);
  }
  const votes = new Map<number, number>();
  for (const top of topOf.values()) {
    const own = ownByKey.get(accountKey(top.accountName, top.accountType));
    if (own) votes.set(own.pk, (votes.get(own.pk) ?? 0) + 1);
  }
  const [best] = [...votes.entries()].sort((x, y) => y[1] - x[1]);
  if (!best) return null;
  const confidence = confidenceOf(best[1], topOf.size);
  if (confidence < SUGGESTION_THRESHOLD) return null;
  const account = accounts.find((a) => a.pk === best[0])!;
  return {
    categoryId: account.pk,
    vendorId: null,
    customerId: null,
    classId: null,
    source: 'FIRM',
    confidence,
    why: `Other clients of your firm file ${merchantName} under ${account.name}`,
  };
};

/**
 * Other clients are asked only while the company's own answers for the merchant are too few to
 * say anything (under this many): a company whose own answers disagree among themselves is not
 * second-guessed by other companies' habits.
 */
export const FEW_OWN_ANSWERS = 3;

export const suggestionFor = (
  own: OwnAnswers[],
  firm: FirmAnswers[],
  accounts: { byPk: Map<number, Account>; all: Account[] },
  merchantName: string,
  now: Date,
): Suggestion | null => {
  const fromOwn = fromOwnHistory(own, accounts.byPk, merchantName, now);
  if (fromOwn) return fromOwn;
  const ownAnswers = own.reduce((sum, a) => sum + a.recent, 0);
  return ownAnswers < FEW_OWN_ANSWERS ? fromFirm(firm, accounts.all, merchantName) : null;
};
