import { z } from 'zod';
import { positiveThreshold } from './ask-rules.js';
import { idParam } from './ids.js';

/**
 * The checks Herd runs over a client company's categorized transactions (docs/review-checks.md): each finds
 * something worth a second look, says why in one sentence with the numbers, and changes nothing by itself.
 */
export const REVIEW_CHECKS = [
  'PAYEE_CODED_DIFFERENTLY',
  'AMOUNT_UNUSUAL',
  'RECEIPT_MISSING',
  'NO_PAYEE',
  'PARENT_ACCOUNT',
  'LIKELY_DUPLICATE',
  'PERSONAL_PAYEE',
] as const;
export type ReviewCheck = (typeof REVIEW_CHECKS)[number];

/** Each check as an accountant reads it: its name on a finding, and what it looks for in the firm's settings. */
export const REVIEW_CHECK_LABELS: Record<ReviewCheck, { name: string; looksFor: string }> = {
  PAYEE_CODED_DIFFERENTLY: { name: 'Coded differently', looksFor: 'A payee coded away from the category its transactions nearly always go to.' },
  AMOUNT_UNUSUAL: { name: 'Unusual amount', looksFor: 'An amount far above or below what the payee usually costs.' },
  RECEIPT_MISSING: { name: 'No receipt', looksFor: 'Money spent above the receipt amount with nothing attached.' },
  NO_PAYEE: { name: 'No payee', looksFor: 'A transaction that names nobody who was paid.' },
  PARENT_ACCOUNT: { name: 'Parent account', looksFor: 'A line coded to an account that has sub-accounts, rather than one of them.' },
  LIKELY_DUPLICATE: { name: 'Likely duplicate', looksFor: 'The same payee and amount again within a few days.' },
  PERSONAL_PAYEE: { name: 'Looks personal', looksFor: 'A payee that is almost always a personal expense: streaming, games, dating, personal care.' },
};

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
  /**
   * The transaction it is about. `pk` and `status` are null, and `ledger_id` set, for one categorized in the ledger
   * that Herd never held: asking about it sends the client a request rather than the transaction.
   */
  transaction: z.object({
    pk: z.number().nullable(),
    ledger_id: z.string().nullable(),
    date: z.string(),
    amount: z.string(),
    payee: z.string(),
    status: z.string().nullable(),
  }),
  found_at: z.string(),
});
export type ReviewFinding = z.infer<typeof reviewFinding>;

export const reviewFindingsQuery = z.object({ state: z.enum(['open', 'dismissed', 'asked']).default('open') });
export const reviewFindings = z.object({ count: z.number(), results: z.array(reviewFinding), checked_at: z.string().nullable() });
export const reviewRunResult = z.object({ queued: z.boolean() });
export const findingParams = z.object({ pk: idParam, finding: idParam });

const whole = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a number.` })
    .int({ error: `${label} must be a whole number.` })
    .min(min, { error: `${label} must be at least ${min}.` })
    .max(max, { error: `${label} must be at most ${max}.` });

/**
 * A firm's review checks (docs/review-checks.md, "Firm settings"): which run, over how many days of the books, and the
 * numbers each goes by. `receipt_above` is the firm's receipt amount for companies whose own rule sets none.
 */
export const reviewCheckSettings = z.object({
  checks: z.object(Object.fromEntries(REVIEW_CHECKS.map((check) => [check, z.boolean({ error: 'Must be on or off.' })])) as Record<ReviewCheck, z.ZodBoolean>),
  window_days: whole('The window', 30, 730),
  usual_share_percent: whole('The usual share', 50, 100),
  usual_at_least: whole('The transactions a habit needs', 2, 100),
  amount_ratio: z
    .number({ error: 'The amount ratio must be a number.' })
    .min(1.5, { error: 'The amount ratio must be at least 1.5.' })
    .max(20, { error: 'The amount ratio must be at most 20.' }),
  amounts_at_least: whole('The amounts a usual needs', 2, 100),
  duplicate_days: whole('The days between duplicates', 0, 14),
  receipt_above: positiveThreshold('Receipt above'),
  /** A rule overruled more than this share of its acts in 30 days is paused (null: never paused by Herd). */
  rule_pause_percent: whole('The pause share', 10, 100).nullable(),
  /** …once it acted at least this many times in those 30 days, so two unlucky answers pause nothing. */
  rule_pause_after: whole('The acts before a pause', 3, 100),
});
export type ReviewCheckSettings = z.infer<typeof reviewCheckSettings>;

/** What a firm starts with: every check on, a year of books, and no receipt amount of its own. */
export const DEFAULT_REVIEW_CHECK_SETTINGS: ReviewCheckSettings = {
  checks: Object.fromEntries(REVIEW_CHECKS.map((check) => [check, true])) as Record<ReviewCheck, boolean>,
  window_days: 365,
  usual_share_percent: 75,
  usual_at_least: 4,
  amount_ratio: 3,
  amounts_at_least: 3,
  duplicate_days: 3,
  receipt_above: null,
  rule_pause_percent: 50,
  rule_pause_after: 5,
};

/** A change names only what it changes; the checks' switches too. */
export const reviewCheckSettingsBody = reviewCheckSettings.extend({ checks: reviewCheckSettings.shape.checks.partial().strict() }).partial().strict();

/** The stored settings over the defaults: a firm that never saved any, or saved before a check existed, gets the default. */
export const effectiveReviewCheckSettings = (stored: Partial<ReviewCheckSettings> | null | undefined): ReviewCheckSettings => ({
  ...DEFAULT_REVIEW_CHECK_SETTINGS,
  ...stored,
  checks: { ...DEFAULT_REVIEW_CHECK_SETTINGS.checks, ...stored?.checks },
});
