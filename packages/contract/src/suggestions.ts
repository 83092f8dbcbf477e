import { z } from 'zod';

/** Where a suggestion was learned: this company's own answers, or other client companies of the same firm. */
export const SUGGESTION_SOURCES = ['HISTORY', 'FIRM'] as const;
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
