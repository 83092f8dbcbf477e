import { z } from 'zod';
import { idQuery } from './ids.js';
import { messages } from './messages.js';

/** The longest range one request may cover: two years of months is what the chart can show and what the queries are sized for. */
export const ANALYTICS_MAX_DAYS = 731;
/** The range when none is given: this month and the eleven before it. */
export const ANALYTICS_DEFAULT_MONTHS = 12;

export const analyticsDetails = {
  dateToBeforeFrom: 'Date to must not be before date from.',
  dateFromInFuture: 'Date from must not be after today.',
  rangeTooLong: `The range can cover at most ${ANALYTICS_MAX_DAYS} days (two years).`,
  tooEarly: (label: string) => `${label} must be in 2000 or later.`,
} as const;

/** A calendar date (UTC) no earlier than 2000: Herd holds nothing older, and the arithmetic stays in range. */
const analyticsDate = (label: string) =>
  z.iso
    .date({ error: messages.notValid(label) })
    .refine((v) => v >= '2000-01-01', analyticsDetails.tooEarly(label))
    .optional();

/**
 * The filters every analytics endpoint takes: a range of calendar days (UTC, both ends included)
 * and, optionally, one client company. A missing end defaults on the server (to today; a missing
 * start to the first day of the month eleven months before the end).
 */
export const analyticsQuery = z
  .object({
    date_from: analyticsDate('Date from'),
    date_to: analyticsDate('Date to'),
    client_company: idQuery('Client company').optional(),
  })
  .superRefine((v, ctx) => {
    if (v.date_from && v.date_to && v.date_to < v.date_from) ctx.addIssue({ code: 'custom', path: ['date_to'], message: analyticsDetails.dateToBeforeFrom });
  });
export type AnalyticsQuery = z.input<typeof analyticsQuery>;

/** The range an answer covers, after the defaults. */
export const analyticsRange = z.object({ date_from: z.string(), date_to: z.string() });

/**
 * What the transaction counts say. The first four are the transactions as they stand now (hidden
 * ones left out); the `_in_range` counts and the median are what happened within the range.
 */
const countFields = {
  /** READY: waiting for the client's answer. */
  waiting_on_client: z.number(),
  /** FINISHED_IN_HERD: answered, waiting for the accountant's review. */
  ready_for_review: z.number(),
  /** PUBLISHED_IN_PLATFORM or MATCHED_TO_PLATFORM. */
  published: z.number(),
  /** SYNC_ERROR: the ledger refused the publish. */
  sync_errors: z.number(),
  /** Answers client users gave within the range. */
  answered_in_range: z.number(),
  /** Transactions that reached the ledger within the range. */
  published_in_range: z.number(),
  /** Median time from a question reaching the client (arriving, or sent back) to their answer, for answers within the range; null with no answer. */
  median_response_seconds: z.number().nullable(),
  /** When the oldest transaction still waiting on someone (client, review or a sync error) arrived; null when none waits. */
  oldest_open_at: z.string().nullable(),
  /** Its age in whole days. */
  oldest_open_days: z.number().nullable(),
};

export const analyticsSummary = z.object({ range: analyticsRange, companies: z.number(), ...countFields });
export type AnalyticsSummary = z.infer<typeof analyticsSummary>;

export const companyAnalytics = z.object({ client_company: z.object({ pk: z.number(), name: z.string() }), ...countFields });
export type CompanyAnalytics = z.infer<typeof companyAnalytics>;
export const companyAnalyticsList = z.object({ range: analyticsRange, results: z.array(companyAnalytics) });
export type CompanyAnalyticsList = z.infer<typeof companyAnalyticsList>;

export const monthAnalytics = z.object({
  /** YYYY-MM (UTC). */
  month: z.string(),
  /** Transactions that arrived in Herd (from the ledger, a CSV or the API). */
  received: z.number(),
  /** Answers client users gave. */
  answered: z.number(),
  /** Transactions that reached the ledger. */
  published: z.number(),
});
export type MonthAnalytics = z.infer<typeof monthAnalytics>;
export const monthAnalyticsList = z.object({ range: analyticsRange, months: z.array(monthAnalytics) });
export type MonthAnalyticsList = z.infer<typeof monthAnalyticsList>;

const person = z.object({ pk: z.number(), name: z.string(), email: z.string() });

export const accountantAnalytics = z.object({
  user: person,
  /** Distinct transactions this person published, sent back or marked done within the range. */
  reviewed: z.number(),
  published: z.number(),
  sent_back: z.number(),
});
export type AccountantAnalytics = z.infer<typeof accountantAnalytics>;

export const clientUserAnalytics = z.object({
  user: person,
  /** The companies (of those the asker sees) this person answers for. */
  companies: z.array(z.object({ pk: z.number(), name: z.string() })),
  answers: z.number(),
  median_response_seconds: z.number().nullable(),
});
export type ClientUserAnalytics = z.infer<typeof clientUserAnalytics>;

export const userAnalytics = z.object({ range: analyticsRange, accountants: z.array(accountantAnalytics), clients: z.array(clientUserAnalytics) });
export type UserAnalytics = z.infer<typeof userAnalytics>;
