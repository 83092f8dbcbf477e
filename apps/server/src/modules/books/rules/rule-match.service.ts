import type { Account, Suggestion } from '../suggestions/suggestions.face.js';
import { accountForRule } from './rule-account.service.js';
import type { RuleRow } from './rules.queries.js';

export interface RuleSuggestion extends Suggestion {
  ruleId: number;
  autoAnswer: boolean;
  /** Only with autoAnswer: the rule's answers are published without an accountant. */
  autoPublish: boolean;
}

/**
 * The rule a transaction falls under: the company's own rules before the firm's, and among
 * them the longest match text (the more specific one). A rule whose account this company's
 * chart lacks (a firm rule) is passed over.
 */
export const ruleFor = (text: { payee: string; description: string; merchantKey: string | null }, rules: RuleRow[], accounts: Account[]): RuleSuggestion | null => {
  const haystack = `${text.payee}\n${text.description}\n${text.merchantKey ?? ''}`.toLowerCase();
  const ordered = [...rules].sort((a, b) => Number(a.clientCompanyId === null) - Number(b.clientCompanyId === null) || b.matchText.length - a.matchText.length);
  for (const rule of ordered) {
    if (!rule.enabled || !haystack.includes(rule.matchText)) continue;
    const account = accountForRule(rule, accounts);
    if (!account) continue;
    const whose = rule.clientCompanyId === null ? 'Your firm’s rule' : 'Your rule for this client';
    return {
      categoryId: account.pk,
      vendorId: rule.vendorId,
      customerId: null,
      classId: null,
      source: 'RULE',
      confidence: 1,
      why: `${whose}: ${rule.matchText.toUpperCase()} → ${account.name}`,
      ruleId: rule.pk,
      autoAnswer: rule.autoAnswer,
      autoPublish: rule.autoAnswer && rule.autoPublish,
    };
  }
  return null;
};
