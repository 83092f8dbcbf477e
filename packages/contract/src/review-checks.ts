import { z } from 'zod';
import { idParam } from './ids.js';

/**
 * The checks Herd runs over a client company's categorized transactions (docs/review-checks.md): each finds
 * something worth a second look, says why in one sentence with the numbers, and changes nothing by itself.
 */
export const REVIEW_CHECKS = ['PAYEE_CODED_DIFFERENTLY', 'AMOUNT_UNUSUAL', 'RECEIPT_MISSING', 'NO_PAYEE', 'LIKELY_DUPLICATE', 'PERSONAL_PAYEE'] as const;
export type ReviewCheck = (typeof REVIEW_CHECKS)[number];

/**
 * Open until the accountant dismisses it or asks the client about it (both remembered across runs), or until the
 * transaction no longer trips the check.
 */
export const FINDING_STATES = ['OPEN', 'DISMISSED', 'ASKED'] as const;

export const reviewFinding = z.object({
  pk: z.number(),
  check: z.enum(REVIEW_CHECKS),
  state: z.enum(FINDING_STATES),
  /** One sentence, with the numbers behind it. */
  reason: z.string(),
  /** The same in the client's words: what "Ask the client" sends with the transaction. */
  question: z.string(),
  transaction: z.object({ pk: z.number(), date: z.string(), amount: z.string(), payee: z.string(), status: z.string() }),
  found_at: z.string(),
});
export type ReviewFinding = z.infer<typeof reviewFinding>;

export const reviewFindingsQuery = z.object({ state: z.enum(['open', 'dismissed', 'asked']).default('open') });
export const reviewFindings = z.object({ count: z.number(), results: z.array(reviewFinding), checked_at: z.string().nullable() });
export const reviewRunResult = z.object({ queued: z.boolean() });
export const findingParams = z.object({ pk: idParam, finding: idParam });
