import { z } from 'zod';
import { messages } from './messages.js';
import { paginated } from './client-companies.js';

/**
 * The statuses a CSV company's export carries: answers the accountant has
 * published (a ledger Herd holds publishes at once), and, for completeness,
 * ones matched to an entry already in the books.
 */
export const EXPORTABLE_STATUSES = ['PUBLISHED_IN_PLATFORM', 'MATCHED_TO_PLATFORM'] as const;
export type ExportableStatus = (typeof EXPORTABLE_STATUSES)[number];

const isoDate = (label: string) => z.iso.date({ error: messages.notValid(label) });
const onlyNewFlag = z.enum(['true', 'false'], { error: messages.notValid('Only new') });

/** `date_to` before `date_from` is the one mistake the single fields cannot see. */
const ordered = <T extends { date_from?: string | undefined; date_to?: string | undefined }>(v: T, ctx: z.RefinementCtx) => {
  if (v.date_from && v.date_to && v.date_to < v.date_from) ctx.addIssue({ code: 'custom', path: ['date_to'], message: 'Date to must not be before date from.' });
};

const filterFields = {
  date_from: isoDate('Date from').optional(),
  date_to: isoDate('Date to').optional(),
  status: z.enum(EXPORTABLE_STATUSES, { error: messages.notValid('Status') }).optional(),
};

/** What a new export takes: the date range (transaction dates, inclusive), a status, and whether to leave out what was exported before (the default). */
export const csvExportBody = z.object({ ...filterFields, only_new: z.boolean({ error: messages.notValid('Only new') }).default(true) }).superRefine(ordered);
export type CsvExportBody = z.input<typeof csvExportBody>;

/** The same filters as a query, for the count of what an export would hold. */
export const csvExportPreviewQuery = z.object({ ...filterFields, only_new: onlyNewFlag.default('true').transform((v) => v === 'true') }).superRefine(ordered);

export const csvExportPreview = z.object({ transactions: z.number(), lines: z.number() });

export const csvExportBatch = z.object({
  pk: z.number(),
  created_at: z.string(),
  /** Null once the person who made it was removed. */
  created_by: z.object({ pk: z.number(), name: z.string() }).nullable(),
  date_from: z.string().nullable(),
  date_to: z.string().nullable(),
  status: z.enum(EXPORTABLE_STATUSES).nullable(),
  only_new: z.boolean(),
  transaction_count: z.number(),
  line_count: z.number(),
  /** The file, as it was first sent, under the API prefix (needs the session). */
  download_url: z.string(),
});
export type CsvExportBatch = z.infer<typeof csvExportBatch>;

export const csvExportListQuery = z.object({ page: z.coerce.number().int().min(1).default(1) });
export const csvExportPage = paginated(csvExportBatch);

/** The columns of the export, in order: one row per categorized line. */
export const CSV_EXPORT_COLUMNS = [
  'Date',
  'Herd ID',
  'Payment account',
  'Description',
  'Payee',
  'Amount',
  'Currency',
  'Account',
  'Vendor',
  'Customer',
  'Class',
  'Location',
  'Line description',
  'Memo',
  'Attachments',
] as const;
