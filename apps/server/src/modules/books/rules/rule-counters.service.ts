import type { CountRuleOverrides } from '../transactions/transactions.face.js';
import { countRuleUses } from './rules.queries.js';

/** A person changed the category these rules gave: how often each rule was overruled, shown beside it. */
export const countRuleOverrides: CountRuleOverrides = (db, firmId, overriddenByRule) => countRuleUses(db, firmId, overriddenByRule, 'timesOverridden');
