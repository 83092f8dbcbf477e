import { dayNumber } from './dates.js';
import { toCents } from './money.js';
import type { CandidateWindow } from './candidates.js';
import type { CandidateTransaction } from './score.js';

/**
 * One company's transactions in memory, sorted by amount and by date, answering a candidate
 * window as the (company, amount, date) index would: a binary search to the first amount, a
 * walk to the last, the date tested on the way. For the benchmark and for callers that already
 * hold the rows; the job reads candidates with SQL (candidates.ts).
 */
export class CandidateIndex<T extends CandidateTransaction> {
  private readonly byAmount: { cents: number; day: number; txn: T }[];
  private readonly byDay: { day: number; txn: T }[];

  constructor(transactions: Iterable<T>) {
    const rows = [...transactions].map((txn) => ({ cents: toCents(txn.amount), day: dayNumber(txn.date), txn }));
    this.byAmount = [...rows].sort((a, b) => a.cents - b.cents);
    this.byDay = [...rows].sort((a, b) => a.day - b.day);
  }

  /** First position whose key is at least `min`. */
  private static lowerBound<R>(rows: R[], key: (r: R) => number, min: number): number {
    let lo = 0;
    let hi = rows.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (key(rows[mid]!) < min) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  candidates(window: CandidateWindow): T[] {
    const from = dayNumber(window.dateFrom);
    const to = dayNumber(window.dateTo);
    const out: T[] = [];
    if (window.amountMinCents === null || window.amountMaxCents === null) {
      for (let i = CandidateIndex.lowerBound(this.byDay, (r) => r.day, from); i < this.byDay.length && this.byDay[i]!.day <= to; i++) {
        out.push(this.byDay[i]!.txn);
      }
      return out;
    }
    for (let i = CandidateIndex.lowerBound(this.byAmount, (r) => r.cents, window.amountMinCents); i < this.byAmount.length; i++) {
      const row = this.byAmount[i]!;
      if (row.cents > window.amountMaxCents) break;
      if (row.day >= from && row.day <= to) out.push(row.txn);
    }
    return out;
  }
}
