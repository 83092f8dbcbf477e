/**
 * The receipt-matching part of `npm run bench` (`--only=receipt-matching`): a labelled synthetic
 * company of 100,000 card charges in a year and 10,000 receipts (bench/receipt-merchants.ts,
 * noise from a fixed seed): vendors spelled as receipts print them, OCR slips and unreadable
 * vendors, tips added after printing, charges posting days later, repeat purchases of the same
 * amount at the same merchant, foreign-currency receipts, and receipts with no charge at all
 * (cash, another card). Measures candidate selection + scoring + decision per receipt, in
 * memory (CandidateIndex stands in for the (company, amount, date) index until the receipts
 * tables land), and the precision and recall of the automatic matches.
 */
import os from 'node:os';
import { CandidateIndex } from '../apps/server/src/modules/files/receipts/matching/candidate-index.rule.js';
import { candidateWindow } from '../apps/server/src/modules/files/receipts/matching/candidates.rule.js';
import { addDays } from '../apps/server/src/modules/files/receipts/matching/dates.rule.js';
import { decideMatch } from '../apps/server/src/modules/files/receipts/matching/decide.rule.js';
import { prepareReceipt, rankCandidates } from '../apps/server/src/modules/files/receipts/matching/quick-score.rule.js';
import type { CandidateTransaction, ReceiptToMatch, ScoreOptions } from '../apps/server/src/modules/files/receipts/matching/score.rule.js';
import { merchantOfTransaction } from '../apps/server/src/modules/books/suggestions/merchant.rule.js';
import { KNOWN, LOCAL, type ReceiptBenchMerchant } from './receipt-merchants.js';

const TRANSACTIONS = 100_000;
const RECEIPTS = 10_000;
/** Receipts whose charge is in the company's bank feed; the rest were paid in cash or on another card. */
export const WITH_CHARGE = 8_500;
export const EUR_TO_USD = 1.08;
const UNREADABLE = 'vendor unreadable';

export interface ReceiptMatchingBenchResult {
  transactions: number;
  receipts: number;
  withCharge: number;
  mix: Record<string, number>;
  indexSeconds: number;
  totalSeconds: number;
  perReceiptMs: { p50: number; p95: number; max: number };
  meanCandidates: number;
  autos: number;
  correctAutos: number;
  autosWithoutCharge: number;
  /** Receipts with a charge, not matched automatically, whose charge is among the suggestions. */
  suggestedWhenNotAuto: { hit: number; of: number };
  loadAverage: { before: number; after: number };
}

const random = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

const CITIES = ['AUSTIN TX', 'SAN FRANCISCO CA', 'NEW YORK NY', 'SEATTLE WA', 'OAKLAND CA', 'DENVER CO', 'CHICAGO IL', 'BOSTON MA'];

export const generator = (seed: number) => {
  const rnd = random(seed);
  const int = (n: number) => Math.floor(rnd() * n);
  const pick = <T>(items: T[]): T => items[int(items.length)]!;
  const digits = (n: number) => Array.from({ length: n }, () => int(10)).join('');
  const fill = (text: string) =>
    text
      .replace('{n}', digits(4))
      .replace('{digits}', digits(9))
      .replace('{phone}', `${digits(3)}-${digits(3)}-${digits(4)}`)
      .replace('{ref}', Array.from({ length: 9 }, () => pick([...'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789'])).join(''))
      .replace('{city}', pick(CITIES))
      .replace('{mmdd}', digits(4));
  /** A merchant's name as a receipt reader returns it: now and then a slipped letter, a store number, or nothing. */
  const receiptVendor = (merchant: ReceiptBenchMerchant) => {
    const name = fill(pick(merchant.receipt));
    const r = rnd();
    if (r < 0.03) return '';
    if (r < 0.13) {
      const at = 1 + int(name.length - 2);
      return rnd() < 0.5 ? name.slice(0, at) + name.slice(at + 1) : name.slice(0, at) + name[at + 1] + name[at] + name.slice(at + 2);
    }
    if (r < 0.23) return `${name} #${digits(4)}`;
    return name;
  };
  const logUniformCents = ([lo, hi]: [number, number]) => Math.round(100 * lo * Math.exp(rnd() * Math.log(hi / lo)));
  return { rnd, int, pick, fill, receiptVendor, logUniformCents };
};

export interface BenchTxn extends CandidateTransaction {
  merchant: ReceiptBenchMerchant;
  cents: number;
}

const dollars = (cents: number) => (cents / 100).toFixed(2);

export const makeTransactions = (gen: ReturnType<typeof generator>) => {
  const merchants = [...KNOWN, ...LOCAL].sort(() => gen.rnd() - 0.5);
  const weights = merchants.map((_, i) => 1 / (i + 1) ** 0.8);
  const total = weights.reduce((a, b) => a + b, 0);
  const draw = () => {
    let r = gen.rnd() * total;
    for (const [i, w] of weights.entries()) if ((r -= w) <= 0) return merchants[i]!;
    return merchants.at(-1)!;
  };
  const txns: BenchTxn[] = [];
  for (let pk = 1; pk <= TRANSACTIONS; pk++) {
    // One in ten is a repeat purchase: the same merchant and amount within a few days (the daily coffee).
    const previous = txns.length > 0 && gen.rnd() < 0.1 ? gen.pick(txns) : null;
    const merchant = previous?.merchant ?? draw();
    const cents = previous?.cents ?? gen.logUniformCents(merchant.amount);
    const date = previous ? addDays(previous.date, gen.int(4)) : addDays('2026-01-01', gen.int(365));
    const description = gen.fill(gen.pick(merchant.bank));
    const merchantKey = merchantOfTransaction({ payee: '', description })?.key ?? '';
    txns.push({ pk, date, amount: dollars(cents), currency: 'USD', payee: '', description, merchantKey, merchant, cents });
  }
  return { txns, draw };
};

/** Days between the purchase and the charge's posting, as card feeds show them. */
const postingDelay = (gen: ReturnType<typeof generator>) => {
  const r = gen.rnd();
  if (r < 0.45) return 0;
  if (r < 0.7) return 1;
  if (r < 0.82) return 2;
  if (r < 0.9) return 3;
  if (r < 0.95) return 4 + gen.int(2);
  if (r < 0.98) return 6 + gen.int(3);
  return -1;
};

export interface BenchReceipt extends ReceiptToMatch {
  truth: number | null;
  kind: string;
}

export const makeReceipts = (gen: ReturnType<typeof generator>, txns: BenchTxn[], draw: () => ReceiptBenchMerchant) => {
  const receipts: BenchReceipt[] = [];
  const used = new Set<number>();
  while (receipts.length < WITH_CHARGE) {
    const t = gen.pick(txns);
    if (used.has(t.pk)) continue;
    used.add(t.pk);
    const date = addDays(t.date, -postingDelay(gen));
    const vendor = gen.receiptVendor(t.merchant);
    const currency = gen.rnd() < 0.15 ? null : 'USD';
    const r = gen.rnd();
    if (r < 0.02) {
      const fee = 1 + gen.rnd() * 0.025;
      receipts.push({ vendor, date, total: dollars(Math.round(t.cents / EUR_TO_USD / fee)), currency: 'EUR', truth: t.pk, kind: 'foreign currency' });
    } else if (t.merchant.tipped && r < 0.6) {
      const tip = 0.1 + gen.rnd() * 0.12;
      receipts.push({ vendor, date, total: dollars(Math.round(t.cents / (1 + tip))), currency, truth: t.pk, kind: 'tip added after printing' });
    } else if (r < 0.07) {
      const off = (1 + gen.int(5)) * (gen.rnd() < 0.5 ? -1 : 1);
      receipts.push({ vendor, date, total: dollars(Math.max(1, t.cents + off)), currency, truth: t.pk, kind: 'a few cents off' });
    } else {
      receipts.push({ vendor, date, total: t.amount, currency, truth: t.pk, kind: 'exact amount' });
    }
  }
  while (receipts.length < RECEIPTS) {
    // Paid in cash or on a card Herd does not see; a third of them cost what another merchant's charge that week did.
    const merchant = draw();
    const twin = gen.rnd() < 0.33 ? gen.pick(txns) : null;
    const other = twin && twin.merchant !== merchant ? twin : null;
    const cents = other ? other.cents : gen.logUniformCents(merchant.amount);
    const date = other ? addDays(other.date, -gen.int(2)) : addDays('2026-01-01', gen.int(365));
    receipts.push({ vendor: gen.receiptVendor(merchant), date, total: dollars(cents), currency: 'USD', truth: null, kind: 'no charge in the feed' });
  }
  return receipts;
};

export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

export const runReceiptMatchingBench = (): ReceiptMatchingBenchResult => {
  const gen = generator(2026);
  const { txns, draw } = makeTransactions(gen);
  const receipts = makeReceipts(gen, txns, draw);
  const options: ScoreOptions = { convert: (cents, from, to) => (from === 'EUR' && to === 'USD' ? Math.round(cents * EUR_TO_USD) : null) };
  const loadBefore = os.loadavg()[0]!;
  const indexStart = performance.now();
  const index = new CandidateIndex(txns);
  const indexSeconds = (performance.now() - indexStart) / 1000;

  const times: number[] = [];
  let candidates = 0;
  let autos = 0;
  let correctAutos = 0;
  let autosWithoutCharge = 0;
  const suggested = { hit: 0, of: 0 };
  const started = performance.now();
  for (const receipt of receipts) {
    const t0 = performance.now();
    const found = index.preparedIn(candidateWindow(receipt, 'USD', options));
    const decision = decideMatch(rankCandidates(prepareReceipt(receipt), found, options));
    times.push(performance.now() - t0);
    candidates += found.length;
    if (decision.auto !== null) {
      autos++;
      if (decision.auto === receipt.truth) correctAutos++;
      if (receipt.truth === null) autosWithoutCharge++;
    } else if (receipt.truth !== null) {
      suggested.of++;
      if (decision.suggestions.some((s) => s.pk === receipt.truth)) suggested.hit++;
    }
  }
  const totalSeconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  const mix: Record<string, number> = {};
  for (const r of receipts) {
    mix[r.kind] = (mix[r.kind] ?? 0) + 1;
    if (r.vendor === '') mix[UNREADABLE] = (mix[UNREADABLE] ?? 0) + 1;
  }
  return {
    transactions: txns.length,
    receipts: receipts.length,
    withCharge: WITH_CHARGE,
    mix,
    indexSeconds,
    totalSeconds,
    perReceiptMs: { p50: percentile(times, 50), p95: percentile(times, 95), max: times.at(-1)! },
    meanCandidates: candidates / receipts.length,
    autos,
    correctAutos,
    autosWithoutCharge,
    suggestedWhenNotAuto: suggested,
    loadAverage: { before: loadBefore, after: os.loadavg()[0]! },
  };
};

const pct = (a: number, b: number) => (b === 0 ? '–' : `${((100 * a) / b).toFixed(1)}%`);

export const renderReceiptMatchingReport = (r: ReceiptMatchingBenchResult) =>
  [
    '<!-- receipt-matching:start -->',
    '## Receipt matching',
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} by \`npm run bench -- --only=receipt-matching\` (bench/receipt-matching.ts), in one process on ${os.cpus().length} cores`,
    `(1-minute load average ${r.loadAverage.before.toFixed(1)} before, ${r.loadAverage.after.toFixed(1)} after). **In memory**: the candidates come from \`CandidateIndex\`,`,
    'a sorted array standing in for the (company, amount, date) index; the SQL figure comes when the receipts tables land.',
    `${r.receipts.toLocaleString('en-US')} receipts against ${r.transactions.toLocaleString('en-US')} card charges of one company over a year (280 merchants, one charge in ten a repeat`,
    `of the same amount at the same merchant within days); ${r.withCharge.toLocaleString('en-US')} receipts have their charge in the feed. Receipts: ${Object.entries(
      r.mix,
    )
      .filter(([k]) => k !== UNREADABLE)
      .map(([k, n]) => `${k} ${n.toLocaleString('en-US')}`)
      .join(', ')}; of all of them, ${r.mix[UNREADABLE] ?? 0} with the vendor unreadable. Target: precision of automatic matches ≥ 99%;`,
    'a tip is never matched automatically (docs/receipts.md), which bounds the recall. Times are CPU-bound: a load average above the core count means other',
    'work shared the CPU and the times are longer than on an idle machine.',
    '',
    '| measure | value |',
    '|---|---|',
    `| index build (100,000 charges) | ${(r.indexSeconds * 1000).toFixed(0)} ms |`,
    `| candidate selection + scoring + decision, all receipts | ${r.totalSeconds.toFixed(2)} s |`,
    `| per receipt p50 / p95 / max | ${r.perReceiptMs.p50.toFixed(2)} / ${r.perReceiptMs.p95.toFixed(2)} / ${r.perReceiptMs.max.toFixed(1)} ms |`,
    `| candidates scored per receipt (mean) | ${r.meanCandidates.toFixed(1)} |`,
    `| automatic matches | ${r.autos.toLocaleString('en-US')} |`,
    `| precision (automatic match is the receipt's charge) | ${pct(r.correctAutos, r.autos)} |`,
    `| recall (receipts with a charge matched automatically to it) | ${pct(r.correctAutos, r.withCharge)} |`,
    `| automatic matches of receipts with no charge | ${r.autosWithoutCharge} |`,
    `| not matched automatically: the charge among the suggestions | ${pct(r.suggestedWhenNotAuto.hit, r.suggestedWhenNotAuto.of)} (${r.suggestedWhenNotAuto.hit} of ${r.suggestedWhenNotAuto.of}) |`,
    '<!-- receipt-matching:end -->',
    '',
  ].join('\n');
