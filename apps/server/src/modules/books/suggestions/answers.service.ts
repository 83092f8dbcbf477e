import type { TransactionChange } from '@herd/contract';
import type { Db } from '../../../db/client.js';
import type { JobQueue } from '../../../jobs/job-queue.js';
import { loadSuggestions } from './suggestions.queries.js';
import { queueSuggestionRefresh } from './refresh-queue.queries.js';

/** What a write that changes answers needs to have suggestions refreshed after it. */
export interface SuggestionDeps {
  db: Db;
  jobs: Pick<JobQueue, 'send' | 'sendEach'>;
}

interface PlannedAnswer {
  row: { pk: number };
  change: Pick<TransactionChange, 'accepted_suggestion'>;
  lines: { categoryId?: number | null }[] | null;
}

/**
 * Whether each answer is "from a suggestion", for the rows whose mark this write decides: those
 * given lines or saying whether they accepted. The mark holds only when the person said they took
 * the suggestion and every line's category is the one it proposed; lines written without saying so
 * clear it (the answer is then the person's own).
 */
export const acceptedSuggestionMarks = async (db: Db, companyPk: number, plans: PlannedAnswer[], storedLines: { transactionId: number; categoryId: number | null }[]) => {
  const deciding = plans.filter((p) => p.lines || p.change.accepted_suggestion !== undefined);
  const accepting = deciding.filter((p) => p.change.accepted_suggestion === true).map((p) => p.row.pk);
  const suggested = new Map((await loadSuggestions(db, companyPk, accepting)).map((s) => [s.transactionId, s.categoryId]));
  const marks = new Map<number, boolean>();
  for (const p of deciding) {
    const category = suggested.get(p.row.pk);
    const lines = p.lines ?? storedLines.filter((l) => l.transactionId === p.row.pk);
    marks.set(p.row.pk, p.change.accepted_suggestion === true && category !== undefined && lines.length > 0 && lines.every((l) => l.categoryId === category));
  }
  return marks;
};

/** After answers were given, changed or taken back: the open transactions of those merchants are suggested again. */
export const refreshAfterAnswers = (jobs: Pick<JobQueue, 'send'>, companyPk: number, rows: { merchantKey: string | null }[]) =>
  rows.length === 0
    ? Promise.resolve()
    : queueSuggestionRefresh(
        jobs,
        companyPk,
        rows.map((r) => r.merchantKey),
      );

/** How a person took the suggestion a transaction had when they answered it: followed, or overruled. */
export interface SuggestionVerdict {
  transactionPk: number;
  source: 'HISTORY' | 'FIRM' | 'RULE';
  ruleId: number | null;
  overruled: boolean;
}

/**
 * For answers given now to transactions that had a suggestion: whether every line took its category
 * (followed) or the person chose another (overruled). An answer without any category decides nothing.
 */
export const suggestionVerdicts = async (db: Db, companyPk: number, answers: { pk: number; categories: (number | null)[] }[]): Promise<SuggestionVerdict[]> => {
  const decided = answers.filter((a) => a.categories.some((c) => c !== null));
  const suggested = await loadSuggestions(
    db,
    companyPk,
    decided.map((a) => a.pk),
  );
  const byPk = new Map(suggested.map((s) => [s.transactionId, s]));
  return decided.flatMap((a) => {
    const s = byPk.get(a.pk);
    if (!s) return [];
    return [{ transactionPk: a.pk, source: s.source, ruleId: s.ruleId, overruled: !a.categories.every((c) => c === s.categoryId) }];
  });
};
