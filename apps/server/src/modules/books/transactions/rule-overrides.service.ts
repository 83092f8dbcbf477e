import type { ChangedField } from '@herd/contract';
import type { Db } from '../../../db/client.js';
import type { CompanyAccess } from '../../../kernel/company-access.js';
import type { SuggestionDeps, SuggestionVerdict } from '../suggestions/suggestions.face.js';
import { recordAutomation, type AutomationEventInput } from './automation-events.queries.js';
import type { CountRuleOverrides } from './rule-counter.port.js';
import { updateTransactions } from './transactions.queries.js';

/** What the categorization write needs: the suggestions' queue and the rules' override counter. */
export interface AnswerDeps extends SuggestionDeps {
  countRuleOverrides: CountRuleOverrides;
}

type Written = { row: { pk: number; ruleId: number | null; autoAnswered: boolean }; changed: ChangedField[] };

/** The answers among `written` whose category a rule gave and a person changed (what `settleAutomation` writes for). */
export const overriddenByPerson = <W extends Written>(written: W[]) =>
  written.filter((p) => (p.row.ruleId !== null || p.row.autoAnswered) && p.changed.includes('category'));

/** What this write tells the automation report: rules' answers changed, and each suggestion followed or overruled. */
const automationEventsOf = (scope: CompanyAccess, byRule: Written[], verdicts: SuggestionVerdict[]): AutomationEventInput[] => {
  const owner = { firmId: scope.company.firmId, companyPk: scope.company.pk };
  // An accountant answering in the client's view is the firm's own doing.
  const by = scope.viewingAsClient ? 'accountant' : scope.side;
  return [
    ...byRule.filter((p) => p.row.ruleId !== null).map((p) => ({ ...owner, transactionPk: p.row.pk, agent: 'RULE' as const, ruleId: p.row.ruleId, overruledBy: by })),
    ...verdicts.flatMap((v) => {
      const act = { ...owner, transactionPk: v.transactionPk, agent: v.source, ruleId: v.ruleId };
      return v.overruled ? [act, { ...act, overruledBy: by }] : [act];
    }),
  ];
};

/**
 * What an answer settles about Herd's automation, in the answer's database transaction:
 * - a person changing the category a rule gave makes the answer theirs: the "auto" mark and the rule go from
 *   the transaction;
 * - the automation report records that overruling, and each suggestion the answer followed or overruled
 *   (`verdicts`);
 * - each rule overruled, by the accountant or the client, counts it (shown beside the rule), and one overruled
 *   too often is paused (the rules module's counter, handed in).
 */
export const settleAutomation = async (db: Db, countRuleOverrides: CountRuleOverrides, scope: CompanyAccess, written: Written[], verdicts: SuggestionVerdict[]) => {
  const byRule = overriddenByPerson(written);
  const events = automationEventsOf(scope, byRule, verdicts);
  await recordAutomation(db, events);
  const overridden = new Map<number, number>();
  for (const e of events) if (e.overruledBy && e.ruleId) overridden.set(e.ruleId, (overridden.get(e.ruleId) ?? 0) + 1);
  if (overridden.size > 0) await countRuleOverrides(db, scope.company.firmId, overridden);
  if (byRule.length === 0) return;
  await updateTransactions(
    db,
    scope.company.pk,
    byRule.map((p) => p.row.pk),
    { autoAnswered: false, ruleId: null },
  );
};
