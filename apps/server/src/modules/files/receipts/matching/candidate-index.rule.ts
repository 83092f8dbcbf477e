import { dayNumber } from './dates.rule.js';
import type { CandidateWindow } from './candidates.rule.js';
import { prepareCharge, type PreparedCharge } from './quick-score.rule.js';
import type { CandidateTransaction } from './score.rule.js';

/**
 * One company's charges in memory, answering a candidate window as the `(company, amount, date)`
 * index does, but by day first: the charges of each day sorted by amount, so a window (thirteen
 * days, an amount range) is thirteen binary searches and the rows in range. Walking the amount
 * range first read every charge of a similar amount over the whole year, thousands per receipt
 * (BENCHMARKS.md, "Receipt matching"). The company's matching run loads the charges of its
 * receipts' dates once and asks this for each receipt; the bench does the same.
 */
export class CandidateIndex<T extends CandidateTransaction> {
  private readonly byDay = new Map<number, PreparedCharge<T>[]>();

  constructor(transactions: Iterable<T>) {
    for (const txn of transactions) {
      const charge = prepareCharge(txn);
      const day = this.byDay.get(charge.day);
      if (day) day.push(charge);
      else this.byDay.set(charge.day, [charge]);
    }
    for (const day of this.byDay.values()) day.sort((a, b) => a.cents - b.cents);
  }

  /** First position whose amount is at least `min`. */
  private static lowerBound(rows: PreparedCharge<CandidateTransaction>[], min: number): number {
    let lo = 0;
    let hi = rows.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (rows[mid]!.cents < min) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** The charges in the window, prepared for `quickScore`. */
  preparedIn(window: CandidateWindow): PreparedCharge<T>[] {
    const out: PreparedCharge<T>[] = [];
    for (let day = dayNumber(window.dateFrom), last = dayNumber(window.dateTo); day <= last; day++) {
      const rows = this.byDay.get(day);
      if (!rows) continue;
      if (window.amountMinCents === null || window.amountMaxCents === null) {
        out.push(...rows);
        continue;
      }
      for (let i = CandidateIndex.lowerBound(rows, window.amountMinCents); i < rows.length && rows[i]!.cents <= window.amountMaxCents; i++) out.push(rows[i]!);
    }
    return out;
  }

  /** The transactions in the window. */
  candidates(window: CandidateWindow): T[] {
    return this.preparedIn(window).map((c) => c.txn);
  }
}
