import type { RuleRow } from './rules.queries.js';
import { accountKey, type Account } from '../suggestions/suggestions.face.js';

/** A rule's account in this company's chart: a company rule's own, a firm rule's of the same name and kind (as the firm's suggestions map them). */
export const accountForRule = (rule: Pick<RuleRow, 'categoryId' | 'accountName' | 'accountType'>, accounts: Account[]) => {
  if (rule.categoryId !== null) return accounts.find((a) => a.pk === rule.categoryId && a.active) ?? null;
  const key = accountKey(rule.accountName ?? '', rule.accountType ?? '');
  return accounts.find((a) => a.active && accountKey(a.name, a.accountType) === key) ?? null;
};
