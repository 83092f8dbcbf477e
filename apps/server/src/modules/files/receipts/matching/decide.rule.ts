import type { ScoredCandidate } from './score.rule.js';

/**
 * What a receipt's scored candidates come to. A wrong automatic match attaches a receipt to
 * someone else's charge without anyone looking, so it is made only when the best candidate is
 * both sure on its own (amount, date and vendor all agree) and clearly ahead of the next one;
 * two equally good charges (two $4.85 coffees on consecutive days) are left for a person to
 * choose between. A transaction the person said is not this receipt's is never offered again.
 */
export const AUTO_MATCH_SCORE = 0.85;
/** How far ahead of the runner-up the automatic match must be. */
export const AUTO_MATCH_MARGIN = 0.15;
/** Below this a candidate is not worth a person's look. */
export const SUGGESTION_SCORE = 0.5;
export const MAX_SUGGESTIONS = 5;

export type Candidate = ScoredCandidate & { pk: number };

export interface MatchDecision {
  /** The transaction matched without asking, or null. */
  auto: number | null;
  /** The others worth offering, best first (the automatic match is not repeated here). */
  suggestions: Candidate[];
}

export const decideMatch = (candidates: Iterable<Candidate>, rejectedPks: Iterable<number> = []): MatchDecision => {
  const rejected = new Set(rejectedPks);
  const ranked = [...candidates].filter((c) => !rejected.has(c.pk) && c.score >= SUGGESTION_SCORE).sort((a, b) => b.score - a.score || a.pk - b.pk);
  const [best, second] = ranked;
  const clearlyBest = best !== undefined && best.score >= AUTO_MATCH_SCORE && (second === undefined || best.score - second.score >= AUTO_MATCH_MARGIN);
  if (clearlyBest) return { auto: best.pk, suggestions: ranked.slice(1, 1 + MAX_SUGGESTIONS) };
  return { auto: null, suggestions: ranked.slice(0, MAX_SUGGESTIONS) };
};
