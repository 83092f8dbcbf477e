import { z } from 'zod';
import { idField } from './ids.js';
import { messages } from './messages.js';

/** Where a suggestion comes from: an accountant's rule, this company's own answers, or other client companies of the same firm. */
export const SUGGESTION_SOURCES = ['HISTORY', 'FIRM', 'RULE'] as const;
export type SuggestionSource = (typeof SUGGESTION_SOURCES)[number];

const suggestedRef = z.object({ pk: z.number(), name: z.string() });

/**
 * The categorization Herd proposes for an open transaction: one answer for
 * every line (category always; vendor, customer and class only where the
 * company's own answers agree on them), with how sure it is and why in words.
 */
export const transactionSuggestion = z.object({
  category: suggestedRef,
  vendor: suggestedRef.nullable(),
  customer: suggestedRef.nullable(),
  class: suggestedRef.nullable(),
  source: z.enum(SUGGESTION_SOURCES),
  /** 0–1. */
  confidence: z.number(),
  why: z.string(),
});
export type TransactionSuggestion = z.infer<typeof transactionSuggestion>;

/** A rule for one client company, or for every client of the firm. */
export const RULE_SCOPES = ['COMPANY', 'FIRM'] as const;
export type RuleScope = (typeof RULE_SCOPES)[number];

/**
 * An accountant's rule: "payee, description or merchant contains `match_text` → category".
 * A firm rule names its account by name and kind, mapped to each company's chart; `category` is
 * then this company's account of that name (null when its chart has none).
 */
export const suggestionRule = z.object({
  pk: z.number(),
  scope: z.enum(RULE_SCOPES),
  match_text: z.string(),
  category: suggestedRef.nullable(),
  /** The account's name as the rule holds it (a firm rule's, or the company account's). */
  account_name: z.string(),
  vendor: suggestedRef.nullable(),
  enabled: z.boolean(),
  auto_answer: z.boolean(),
  /** Its automatic answers are published without an accountant (firm administrators turn it on). */
  auto_publish: z.boolean(),
  created_by: z.string().nullable(),
  times_applied: z.number(),
  times_overridden: z.number(),
  /** Why Herd paused it (overruled too often), with the numbers; null when it is not paused. */
  paused_reason: z.string().nullable(),
  created_at: z.string(),
});
export type SuggestionRule = z.infer<typeof suggestionRule>;

const matchText = z
  .string({ error: messages.required('Match text') })
  .trim()
  .min(2, { error: messages.tooShort('Match text', 2) })
  .max(100, { error: messages.tooLong('Match text', 100) });

export const createRuleBody = z.object({
  scope: z.enum(RULE_SCOPES, { error: messages.notValid('Scope') }),
  match_text: matchText,
  /** This company's account; a firm rule keeps its name and kind. */
  category: idField('Category'),
  /** Company rules only. */
  vendor: idField('Vendor').nullable().optional(),
  auto_answer: z.boolean({ error: messages.notValid('Auto answer') }).optional(),
});
export type CreateRuleBody = z.infer<typeof createRuleBody>;

export const updateRuleBody = z.object({
  enabled: z.boolean({ error: messages.notValid('Enabled') }).optional(),
  auto_answer: z.boolean({ error: messages.notValid('Auto answer') }).optional(),
  /** Firm administrators only, and only with automatic answers on; turning auto_answer off turns it off. */
  auto_publish: z.boolean({ error: messages.notValid('Auto publish') }).optional(),
});
export type UpdateRuleBody = z.infer<typeof updateRuleBody>;

/** Which way the money went: a learned pattern for a merchant's charges is not one for its refunds. */
export const PATTERN_DIRECTIONS = ['CHARGE', 'DEPOSIT'] as const;
export type PatternDirection = (typeof PATTERN_DIRECTIONS)[number];

/**
 * What Herd learned about one merchant of a company, in one direction, from the company's answers:
 * the category it would suggest now (null when the answers are not consistent enough), how many
 * answers back it, and how often it was right.
 */
export const learnedPattern = z.object({
  merchant_key: z.string(),
  /** The merchant as people read it ("Adobe Creative"). */
  payee: z.string(),
  direction: z.enum(PATTERN_DIRECTIONS),
  suggestion: z
    .object({
      category: suggestedRef,
      vendor: suggestedRef.nullable(),
      source: z.enum(SUGGESTION_SOURCES),
      confidence: z.number(),
    })
    .nullable(),
  /** The company's answered transactions of this merchant and direction (finished in Herd, published or matched). */
  answers: z.number(),
  /** Those answered wholly with the category suggested now. */
  agreeing: z.number(),
  /** Those whose answer is a suggestion taken as it was (one tap, not changed since by the client or the accountant). */
  accepted: z.number(),
  /** The latest answered transaction's date (YYYY-MM-DD). */
  last_answered: z.string(),
});
export type LearnedPattern = z.infer<typeof learnedPattern>;
