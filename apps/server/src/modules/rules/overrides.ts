import type { ChangedField } from '@herd/contract';
import type { Db } from '../../db/client.js';
import type { CompanyAccess } from '../../kernel/company-access.js';
import { updateTransactions } from '../transactions/transactions.face.js';
import { countRuleUses } from './rules.queries.js';

type Written = { row: { pk: number; ruleId: number | null; autoAnswered: boolean }; changed: ChangedField[] };

/** The answers among `written` whose category a rule gave and a person changed (what `countOverrides` writes for). */
export const overriddenByPerson = <W extends Written>(written: W[]) =>
  written.filter((p) => (p.row.ruleId !== null || p.row.autoAnswered) && p.changed.includes('category'));

/**
 * A person changing the category a rule gave makes the answer theirs: the "auto" mark goes. When the accountant
 * changes the category a rule gave, the rule is counted as overridden (how often a rule was right
 * is shown beside it).
 */
export const countOverrides = async (db: Db, scope: CompanyAccess, written: Written[]) => {
  const byRule = overriddenByPerson(written);
  if (byRule.length === 0) return;
  const overridden = new Map<number, number>();
  for (const p of byRule) {
    if (scope.side === 'accountant' && p.row.ruleId !== null) overridden.set(p.row.ruleId, (overridden.get(p.row.ruleId) ?? 0) + 1);
  }
  await countRuleUses(db, scope.company.firmId, overridden, 'timesOverridden');
  await updateTransactions(
    db,
    scope.company.pk,
    byRule.map((p) => p.row.pk),
    { autoAnswered: false, ruleId: null },
  );
};
