import type { ResponseOf, Transaction, transactionEndpoints } from '@herd/contract';

/** What every transaction list of the route table answers. */
type TransactionPage = ResponseOf<typeof transactionEndpoints.accountantActive>;

export const makeTransaction = (overrides: Partial<Transaction> = {}): Transaction => ({
  pk: 101,
  client_company: 7,
  type: 'EXPENSE',
  subtype: 'PURCHASE',
  date: '2026-10-03',
  amount: '18.50',
  currency: 'USD',
  description: 'BLUE BOTTLE COFFEE OAKLAND',
  payee: 'Blue Bottle Coffee',
  merchant: 'Blue Bottle Coffee',
  payment_account: { pk: 1, name: 'Business Checking' },
  watched_account: null,
  status: 'READY',
  is_hidden: false,
  kept_by: null,
  direction: 'COSTS',
  lines: [
    {
      pk: 501,
      amount: overrides.amount ?? '18.50',
      description: '',
      category: null,
      vendor: null,
      customer: null,
      class: null,
      location: null,
      tax: null,
      tracking_option_one: null,
      tracking_option_two: null,
      billable: null,
    },
  ],
  attachments: [],
  sync_errors: [],
  client_memo: '',
  back_message: '',
  in_closed_period: false,
  correction: null,
  notes_count: 0,
  updated_at: '2026-10-03T10:00:00.000Z',
  version: 1,
  suggestion: null,
  answered_from_suggestion: false,
  auto_answered: false,
  publish_blocker: null,
  ...overrides,
});

/** A transaction list's answer: `count` rows in all, or more than that when `capped` (the server stops counting filtered lists at 1,000). */
export const transactionPage = (results: Transaction[], count: number = results.length, capped = false): TransactionPage => ({
  count,
  count_capped: capped,
  next: capped || count > results.length ? 'http://testserver/next/' : null,
  previous: null,
  results,
});
