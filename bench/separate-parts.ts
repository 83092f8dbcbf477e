/**
 * The parts of `npm run bench` that measure something of their own (bench/run.ts): asked for by name with
 * `--only=<part>`, they run alone, without the transaction lists' figures that every other run measures.
 */
export const SEPARATE_PARTS: readonly string[] = [
  'answers',
  'reminders',
  'reminders-pglite',
  'reminders-postgres',
  'unread-count',
  'qbo',
  'xero',
  'qbd',
  'karbon',
  'first-load',
  'documents-render',
  'client-effort',
  'receipt-matching',
  'reply-matching',
  'receipt-matching-postgres',
  'review-checks',
  'ocr',
  'hostile-files',
  'recurring',
  'communications-lists',
  'documents-lists',
  'ledger-schedule',
  'scale',
  'clients-table',
];
