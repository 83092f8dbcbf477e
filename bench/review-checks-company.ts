/**
 * The labelled company of the review-checks bench (bench/review-checks.ts): a year of categorized transactions from
 * regular payees that keep their category and amount, and planted rows each check must find. The seed fixes every draw.
 */
import type { ReviewCheck } from '@herd/contract';
import { generator } from './receipt-matching.js';

export const TRANSACTIONS = 100_000;
const MERCHANTS = 400;
export const CATEGORIES = 24;
/** The firm's receipt amount: every regular merchant costs less, the equipment merchants more. */
export const RECEIPT_ABOVE = 1000;
const PLANTED = { miscoded: 300, unusual: 300, duplicate: 300, noPayee: 100, parent: 50, personal: 100 } as const;

export interface Row {
  date: string;
  amountCents: number;
  payee: string;
  category: number;
  attached: boolean;
  /** The checks a careful accountant would want to fire on it. */
  truth: ReviewCheck[];
}

const dayOf = (today: Date, back: number) => new Date(today.getTime() - back * 86_400_000).toISOString().slice(0, 10);

/** The labelled company: regular rows first, then the planted ones (the seed fixes every draw). */
export const makeRows = (today: Date, categoryPks: { plain: number[]; parent: number; electric: number }) => {
  const gen = generator(47);
  const regular = Array.from({ length: MERCHANTS }, (_, m) => ({
    payee: `Supplier ${m} Trading`,
    category: categoryPks.plain[m % CATEGORIES]!,
    usualCents: 2000 + gen.int(78_000),
  }));
  const power = { payee: 'Metro Power Utility', category: categoryPks.electric, usualCents: 18_000 };
  const equipment = Array.from({ length: 10 }, (_, m) => ({ payee: `Equipment ${m} Rentals`, category: categoryPks.plain[m]!, usualCents: 150_000 + gen.int(150_000) }));
  const near = (usual: number) => Math.round(usual * (0.8 + 0.4 * gen.rnd()));
  const rows: Row[] = [];
  const plantedCount = Object.values(PLANTED).reduce((a, b) => a + b, 0);
  // 400 power bills (their habit is the Electric sub-account), 400 equipment rentals (half with a receipt).
  for (let i = 0; i < 400; i++)
    rows.push({ date: dayOf(today, 1 + gen.int(360)), amountCents: near(power.usualCents), payee: power.payee, category: power.category, attached: false, truth: [] });
  for (let i = 0; i < 400; i++) {
    const e = equipment[i % equipment.length]!;
    const attached = i % 2 === 0;
    rows.push({
      date: dayOf(today, 1 + gen.int(360)),
      amountCents: near(e.usualCents),
      payee: e.payee,
      category: e.category,
      attached,
      truth: attached ? [] : ['RECEIPT_MISSING'],
    });
  }
  while (rows.length < TRANSACTIONS - plantedCount) {
    const m = regular[gen.int(MERCHANTS)]!;
    rows.push({ date: dayOf(today, 1 + gen.int(360)), amountCents: near(m.usualCents), payee: m.payee, category: m.category, attached: false, truth: [] });
  }
  const someRegular = () => regular[gen.int(MERCHANTS)]!;
  for (let i = 0; i < PLANTED.miscoded; i++) {
    const m = someRegular();
    const other = categoryPks.plain.find((c) => c !== m.category && gen.int(3) === 0) ?? categoryPks.plain.find((c) => c !== m.category)!;
    rows.push({
      date: dayOf(today, 1 + gen.int(360)),
      amountCents: near(m.usualCents),
      payee: m.payee,
      category: other,
      attached: false,
      truth: ['PAYEE_CODED_DIFFERENTLY'],
    });
  }
  for (let i = 0; i < PLANTED.unusual; i++) {
    const m = someRegular();
    const amountCents = m.usualCents * 5;
    // A receipt is attached where one is needed: the row is planted for its amount alone.
    rows.push({
      date: dayOf(today, 1 + gen.int(360)),
      amountCents,
      payee: m.payee,
      category: m.category,
      attached: amountCents > RECEIPT_ABOVE * 100,
      truth: ['AMOUNT_UNUSUAL'],
    });
  }
  const regularRows = rows.filter((r) => r.payee.startsWith('Supplier') && r.truth.length === 0);
  for (let i = 0; i < PLANTED.duplicate; i++) {
    const original = regularRows[gen.int(regularRows.length)]!;
    const next = new Date(Date.parse(`${original.date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    rows.push({ ...original, date: next > dayOf(today, 0) ? original.date : next, truth: ['LIKELY_DUPLICATE'] });
  }
  for (let i = 0; i < PLANTED.noPayee; i++)
    rows.push({
      date: dayOf(today, 1 + gen.int(360)),
      amountCents: 1000 + gen.int(40_000),
      payee: '',
      category: categoryPks.plain[0]!,
      attached: false,
      truth: ['NO_PAYEE'],
    });
  // Power bills filed on the parent, Utilities: also away from the payee's habit (Electric), which that check finds too.
  for (let i = 0; i < PLANTED.parent; i++)
    rows.push({
      date: dayOf(today, 1 + gen.int(360)),
      amountCents: near(power.usualCents),
      payee: power.payee,
      category: categoryPks.parent,
      attached: false,
      truth: ['PARENT_ACCOUNT', 'PAYEE_CODED_DIFFERENTLY'],
    });
  const personal = ['Netflix', 'Spotify', 'Hulu', 'Sephora', 'Steam Games'];
  for (let i = 0; i < PLANTED.personal; i++)
    rows.push({
      date: dayOf(today, 1 + ((i * 17) % 360)),
      amountCents: 1549 + (i % 5) * 500,
      payee: personal[i % 5]!,
      category: categoryPks.plain[1]!,
      attached: false,
      truth: ['PERSONAL_PAYEE'],
    });
  return rows;
};

export const chunks = <T>(items: T[], size: number) => Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));
