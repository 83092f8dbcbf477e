import type { CountRuleOverrides } from '../transactions/transactions.face.js';
import { pauseOverruledRules } from './rule-pause.service.js';
import { countRuleUses } from './rules.queries.js';

/**
 * A person chose another category than these rules gave or suggested: how often each rule was overruled is
 * shown beside it, and a rule overruled past the firm's share is paused (rule-pause.service.ts).
 */
export const countRuleOverrides: CountRuleOverrides = async (db, firmId, overriddenByRule) => {
  await countRuleUses(db, firmId, overriddenByRule, 'timesOverridden');
  await pauseOverruledRules(db, firmId, [...overriddenByRule.keys()]);
};
