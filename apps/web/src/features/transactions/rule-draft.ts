import type { LearnedPattern, RuleScope, Transaction } from '@herd/contract';

type Named = { pk: number; name: string } | null;

/** What the rule form starts from: empty for "New rule", filled for "Make a rule". */
export interface RuleDraft {
  match_text: string;
  category: Named;
  vendor: Named;
  scope: RuleScope;
}

export const EMPTY_DRAFT: RuleDraft = { match_text: '', category: null, vendor: null, scope: 'COMPANY' };

/** The server's longest match text. */
const MATCH_MAX = 100;

const matchTextOf = (text: string) => text.trim().toLowerCase().slice(0, MATCH_MAX);

/** A learned pattern's merchant and the category (and vendor) Herd suggests for it. */
export const draftFromPattern = (pattern: LearnedPattern): RuleDraft => ({
  match_text: matchTextOf(pattern.merchant_key),
  category: pattern.suggestion?.category ?? null,
  vendor: pattern.suggestion?.vendor ?? null,
  scope: 'COMPANY',
});

/** The one value every line shares, or null when the lines differ or none is set. */
const shared = (values: Named[]): Named => {
  const first = values[0] ?? null;
  return first && values.every((v) => v?.pk === first.pk) ? first : null;
};

/**
 * A transaction's merchant (else its payee, else its description) with its answer: the category and
 * vendor its lines agree on, or, while it waits for one, Herd's suggestion.
 */
export const draftFromTransaction = (transaction: Transaction): RuleDraft => {
  const category = shared(transaction.lines.map((l) => l.category));
  const vendor = shared(transaction.lines.map((l) => l.vendor));
  return {
    match_text: matchTextOf(transaction.merchant || transaction.payee || transaction.description),
    category: category ?? transaction.suggestion?.category ?? null,
    vendor: category ? vendor : (transaction.suggestion?.vendor ?? null),
    scope: 'COMPANY',
  };
};

/** Whether a transaction has something to make a rule of: an answer's category or a suggestion. */
export const canMakeRuleFrom = (transaction: Transaction) => transaction.lines.some((l) => l.category !== null) || transaction.suggestion !== null;
