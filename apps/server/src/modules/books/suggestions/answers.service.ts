import type { TransactionChange } from '@herd/contract';
import type { Db } from '../../../db/client.js';
import type { JobQueue } from '../../../jobs/job-queue.js';
import { loadSuggestedCategories, type SuggestedCategory } from './suggestions.queries.js';
import { queueSuggestionRefresh } from './refresh-queue.queries.js';

/** What a write that changes answers needs to have suggestions refreshed after it. */
export interface SuggestionDeps {
  db: Db;
  jobs: Pick<JobQueue, 'send' | 'sendEach'>;
}

type StoredLine = { transactionId: number; categoryId: number | null };

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
const acceptedSuggestionMarks = (suggested: Map<number, SuggestedCategory>, plans: PlannedAnswer[], storedLines: StoredLine[]) => {
  const marks = new Map<number, boolean>();
  for (const p of plans.filter((each) => each.lines || each.change.accepted_suggestion !== undefined)) {
    const category = p.change.accepted_suggestion === true ? suggested.get(p.row.pk)?.categoryId : undefined;
    const lines = p.lines ?? storedLines.filter((l) => l.transactionId === p.row.pk);
    marks.set(p.row.pk, category !== undefined && lines.length > 0 && lines.every((l) => l.categoryId === category));
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
const suggestionVerdicts = (suggested: Map<number, SuggestedCategory>, answers: { pk: number; categories: (number | null)[] }[]): SuggestionVerdict[] =>
  answers.flatMap((a) => {
    const s = suggested.get(a.pk);
    if (!s || !a.categories.some((c) => c !== null)) return [];
    return [{ transactionPk: a.pk, source: s.source, ruleId: s.ruleId, overruled: !a.categories.every((c) => c === s.categoryId) }];
  });

/**
 * What a write of answers decides about suggestions, from one read of the suggestions its rows had:
 * the "from a suggestion" marks, and the verdicts the automation report counts (`answered`: the
 * answers given now to open transactions, each line's category).
 */
export const suggestionOutcomes = async (
  db: Db,
  companyPk: number,
  plans: PlannedAnswer[],
  storedLines: StoredLine[],
  answered: { pk: number; categories: (number | null)[] }[],
) => {
  const accepting = plans.filter((p) => p.change.accepted_suggestion === true).map((p) => p.row.pk);
  const wanted = [...new Set([...accepting, ...answered.filter((a) => a.categories.some((c) => c !== null)).map((a) => a.pk)])];
  const suggested = new Map((await loadSuggestedCategories(db, companyPk, wanted)).map((s) => [s.transactionId, s]));
  return { marks: acceptedSuggestionMarks(suggested, plans, storedLines), verdicts: suggestionVerdicts(suggested, answered) };
};
