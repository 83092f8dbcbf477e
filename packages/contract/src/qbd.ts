import { z } from 'zod';
import { idField, idQuery, requiredIdQuery } from './ids.js';
import { ledgerSyncInfo } from './quickbooks.js';

/** How a Web Connector run ended: still running, finished, failed, left before the end, or refused for another company file. */
export const QBD_RUN_OUTCOMES = ['RUNNING', 'FINISHED', 'FAILED', 'INTERRUPTED', 'WRONG_FILE'] as const;

/** The intervals the accountant may give the Web Connector's scheduler, in minutes (a day at most). */
export const QBD_RUN_EVERY_MINUTES = { min: 1, max: 1440, default: 60 } as const;

/** A Windows path of at most 260 characters ending in .QBW: what QuickBooks Desktop's company files are. */
const COMPANY_FILE_MESSAGE =
  'Enter the full path of the QuickBooks company file, ending in .QBW (e.g. C:\\Users\\Public\\Documents\\Intuit\\QuickBooks\\Company Files\\Harbor Dental.QBW).';
export const qbdCompanyFilePath = z
  .string({ error: COMPANY_FILE_MESSAGE })
  .trim()
  .max(260, 'A company file path has at most 260 characters.')
  .refine((path) => /\.qbw$/i.test(path), COMPANY_FILE_MESSAGE);

const runEveryMinutes = z.coerce
  .number({ error: 'Enter how many minutes the Web Connector waits between runs.' })
  .int('Enter a whole number of minutes.')
  .min(QBD_RUN_EVERY_MINUTES.min, `The Web Connector runs at most once a minute.`)
  .max(QBD_RUN_EVERY_MINUTES.max, `The Web Connector runs at least once a day (${QBD_RUN_EVERY_MINUTES.max} minutes).`);

export const qbdRun = z.object({
  outcome: z.enum(QBD_RUN_OUTCOMES),
  started_at: z.string(),
  ended_at: z.string().nullable(),
  requests: z.number(),
  company_file: z.string().nullable(),
  error: z.string().nullable(),
});

/** A QuickBooks Desktop company's Web Connector set-up, and where its runs stand. */
export const qbdConnector = z.object({
  client_company: z.number(),
  name: z.string(),
  user_name: z.string(),
  password_set_at: z.string().nullable(),
  company_file_path: z.string().nullable(),
  run_every_minutes: z.number(),
  last_run: qbdRun.nullable(),
  /** When the Web Connector should next run, from the last run and the interval it was given; null before the first. */
  next_run_expected_at: z.string().nullable(),
  sync: ledgerSyncInfo,
});
export type QbdConnector = z.infer<typeof qbdConnector>;

export const qbdConnectorList = z.object({ results: z.array(qbdConnector) });
export const qbdConnectorListQuery = z.object({ client_company: idQuery('Client company').optional() });

export const qbdDownloadQwcQuery = z.object({ client_company: requiredIdQuery('Client company'), run_every_minutes: runEveryMinutes.optional() });

export const qbdUpdateFilePathBody = z.object({
  /** null forgets the path: the next run's open company file becomes the expected one. */
  company_file_path: qbdCompanyFilePath.nullable(),
  run_every_minutes: runEveryMinutes.optional(),
});

/** A new Web Connector password: shown this once, kept only as a hash. */
export const qbdPassword = z.object({ user_name: z.string(), password: z.string() });

export const qbdSyncClientBody = z.object({ client_company: idField('Client company') });
export type QbdUpdateFilePathBody = z.infer<typeof qbdUpdateFilePathBody>;
