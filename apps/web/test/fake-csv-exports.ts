import { clientCompanyEndpoints, csvExportEndpoints as x, profileEndpoints, transactionEndpoints as e, type CsvExportBatch } from '@herd/contract';
import { createFakeApi, makeClientCompany, makeProfile, paginated } from './fake-api';
import { transactionPage } from './fake-transactions';

const company = { pk: 7 };

/** March's export of company 7: 12 transactions in 14 lines, only those not exported before. */
export const marchExport: CsvExportBatch = {
  pk: 3,
  created_at: '2026-04-01T09:00:00.000Z',
  created_by: { pk: 1, name: 'Ada Admin' },
  date_from: '2026-03-01',
  date_to: '2026-03-31',
  status: null,
  only_new: true,
  transaction_count: 12,
  line_count: 14,
  download_url: '/api/v1/accounting/accountant/client-company/7/csv-exports/3/download/',
};

/**
 * The accountant's company 7 with nothing categorized on screen, an export that would hold 3 transactions
 * (4 lines), and `pastExports` exports made before: March's row stands for each page of them.
 */
export const fakeCsvCompany = ({ kind = 'CSV', pastExports = 1 }: { kind?: 'CSV' | 'QBO'; pastExports?: number } = {}) =>
  createFakeApi()
    .answer(profileEndpoints.profile, {}, makeProfile())
    .answer(clientCompanyEndpoints.retrieve, company, makeClientCompany({ connection_kind: kind }))
    .answer(e.accountantCounters, company, { active: 0, categorized: 0, hidden: 0, sync_errors: 0, completed: 0, processing: 0 })
    .answer(e.choices, company, { statuses: [], types: [], subtypes: [], directions: [], markers: [], payment_accounts: [] })
    .answer(e.accountantCategorized, company, transactionPage([]))
    .answer(x.preview, company, { transactions: 3, lines: 4 })
    .answer(x.list, company, paginated([marchExport], pastExports))
    .install();
