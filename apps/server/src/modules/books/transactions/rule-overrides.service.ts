import type { ChangedField } from '@herd/contract';
import type { Db } from '../../../db/client.js';
import type { CompanyAccess } from '../../../kernel/company-access.js';
import type { SuggestionDeps } from '../suggestions/suggestions.face.js';
import type { CountRuleOverrides } from './rule-counter.port.js';
import { updateTransactions } from './transactions.queries.js';

/** What the categorization write needs: the suggestions' queue and the rules' override counter. */
export interface AnswerDeps extends SuggestionDeps {
  countRuleOverrides: CountRuleOverrides;
}

type Written = { row: { pk: number; ruleId: number | null; autoAnswered: boolean }; changed: ChangedField[] };

/** The answers among `written` whose category a rule gave and a person changed (what `takeOverFromRules` writes for). */
export const overriddenByPerson = <W extends Written>(written: W[]) =>
  written.filter((p) => (p.row.ruleId !== null || p.row.autoAnswered) && p.changed.includes('category'));

/**
 * A person changing the category a rule gave makes the answer theirs: the "auto" mark and the rule go from
 * the transaction. When the accountant changes it, the rule is counted as overridden (how often a rule was
 * right is shown beside it); a client's change is theirs to make and counts against no rule.
 */
export const takeOverFromRules = async (db: Db, countRuleOverrides: CountRuleOverrides, scope: CompanyAccess, written: Written[]) => {
  const byRule = overriddenByPerson(written);
  if (byRule.length === 0) return;
  const overridden = new Map<number, number>();
  for (const p of byRule) {
    if (scope.side === 'accountant' && p.row.ruleId !== null) overridden.set(p.row.ruleId, (overridden.get(p.row.ruleId) ?? 0) + 1);
  }
  if (overridden.size > 0) await countRuleOverrides(db, scope.company.firmId, overridden);
  await updateTransactions(
    db,
    scope.company.pk,
    byRule.map((p) => p.row.pk),
    { autoAnswered: false, ruleId: null },
  );
};
