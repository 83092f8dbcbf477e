import type { TransactionStatus, TransactionType } from '@herd/contract';

/**
 * The demo company's transactions: one bakery's month, in every state an
 * accountant meets. Amounts are positive; the type says which way money went.
 */
export interface DemoTransaction {
  date: string;
  type: TransactionType;
  subtype: string;
  amount: string;
  description: string;
  payee: string;
  card?: boolean;
  status: TransactionStatus;
  hidden?: boolean;
  /** Lines once categorized: [amount, category, vendor/customer, class?]. */
  lines?: [string, string, string | null, string | null][];
  memo?: string;
  note?: { from: 'CLIENT' | 'ACCOUNTANT'; body: string };
  syncError?: string;
  attachment?: 'png' | 'pdf';
}

/** A past answer, published long ago: what Herd's suggestions learn from. */
const pastAnswer = (date: string, amount: string, description: string, payee: string, category: string): DemoTransaction => ({
  date,
  type: 'EXPENSE',
  subtype: 'CREDIT_CARD_CHARGE',
  amount,
  description,
  payee,
  card: true,
  status: 'PUBLISHED_IN_PLATFORM',
  lines: [[amount, category, payee, null]],
});

/**
 * The summer's answers for merchants that also wait in October (Costco, Blue
 * Bottle, Facebook Ads): three consistent answers each, so the client's editor
 * opens with a suggestion for them.
 */
const PAST_ANSWERS: DemoTransaction[] = [
  pastAnswer('2026-07-03', '388.12', 'COSTCO WHSE #0482', 'Costco Wholesale', 'Ingredients'),
  pastAnswer('2026-08-01', '402.55', 'COSTCO WHSE #0482', 'Costco Wholesale', 'Ingredients'),
  pastAnswer('2026-09-04', '371.90', 'COSTCO WHSE #0482', 'Costco Wholesale', 'Ingredients'),
  pastAnswer('2026-07-11', '22.40', 'BLUE BOTTLE COFFEE OAKLAND', 'Blue Bottle Coffee', 'Meals & Entertainment'),
  pastAnswer('2026-08-14', '16.75', 'BLUE BOTTLE COFFEE OAKLAND', 'Blue Bottle Coffee', 'Meals & Entertainment'),
  pastAnswer('2026-09-12', '19.20', 'BLUE BOTTLE COFFEE OAKLAND', 'Blue Bottle Coffee', 'Meals & Entertainment'),
  pastAnswer('2026-07-09', '54.00', 'FACEBK *ADS 2LM7', 'Facebook Ads', 'Advertising & Marketing'),
  pastAnswer('2026-08-09', '54.00', 'FACEBK *ADS 9RT4', 'Facebook Ads', 'Advertising & Marketing'),
  pastAnswer('2026-09-09', '54.00', 'FACEBK *ADS 5VN1', 'Facebook Ads', 'Advertising & Marketing'),
];

export const DEMO_TRANSACTIONS: DemoTransaction[] = [
  // Waiting for the client.
  {
    date: '2026-10-02',
    type: 'EXPENSE',
    subtype: 'CREDIT_CARD_CHARGE',
    amount: '412.86',
    description: 'COSTCO WHSE #0482',
    payee: 'Costco Wholesale',
    card: true,
    status: 'READY',
  },
  {
    date: '2026-10-03',
    type: 'EXPENSE',
    subtype: 'PURCHASE',
    amount: '18.50',
    description: 'BLUE BOTTLE COFFEE OAKLAND',
    payee: 'Blue Bottle Coffee',
    card: true,
    status: 'READY',
    note: { from: 'ACCOUNTANT', body: 'Was this a client meeting or staff coffee?' },
  },
  { date: '2026-10-05', type: 'EXPENSE', subtype: 'PURCHASE', amount: '89.99', description: 'AMZN MKTP US*2K4', payee: '', card: true, status: 'READY' },
  { date: '2026-10-07', type: 'DEPOSIT', subtype: 'DEPOSIT', amount: '1250.00', description: 'MOBILE DEPOSIT REF 88213', payee: '', status: 'READY' },
  {
    date: '2026-10-09',
    type: 'EXPENSE',
    subtype: 'CREDIT_CARD_CHARGE',
    amount: '54.00',
    description: 'FACEBK *ADS 3XK9',
    payee: 'Facebook Ads',
    card: true,
    status: 'READY',
  },
  { date: '2026-10-11', type: 'BILL', subtype: 'BILL', amount: '640.00', description: 'Equipment service invoice #1187', payee: 'Home Depot', status: 'READY' },
  { date: '2026-10-12', type: 'EXPENSE', subtype: 'PURCHASE', amount: '212.40', description: 'UPS STORE 4471', payee: '', card: true, status: 'READY' },
  { date: '2026-10-14', type: 'DEPOSIT', subtype: 'SALES_RECEIPT', amount: '380.00', description: 'VENMO CASHOUT', payee: '', status: 'READY' },
  { date: '2026-10-15', type: 'EXPENSE', subtype: 'JOURNAL_ENTRY', amount: '75.00', description: 'Owner reimbursement - unclear', payee: '', status: 'READY' },
  { date: '2026-10-16', type: 'EXPENSE', subtype: 'VENDOR_CREDIT', amount: '32.10', description: 'ULINE CREDIT MEMO', payee: 'Uline', status: 'READY' },
  { date: '2026-10-18', type: 'EXPENSE', subtype: 'CREDIT_CARD_CREDIT', amount: '19.99', description: 'ADOBE REFUND', payee: 'Adobe', card: true, status: 'READY' },
  { date: '2026-10-20', type: 'DEPOSIT', subtype: 'JOURNAL_ENTRY', amount: '500.00', description: 'TRANSFER FROM SAVINGS?', payee: '', status: 'READY' },
  // A second ad charge: answering one offers the same answer for the other.
  {
    date: '2026-10-23',
    type: 'EXPENSE',
    subtype: 'CREDIT_CARD_CHARGE',
    amount: '36.00',
    description: 'FACEBK *ADS 7PQ2',
    payee: 'Facebook Ads',
    card: true,
    status: 'READY',
  },
  // Answered by the client, waiting for the accountant.
  {
    date: '2026-10-01',
    type: 'EXPENSE',
    subtype: 'PURCHASE',
    amount: '2400.00',
    description: 'ACH LANDLORD PROPERTIES',
    payee: 'Landlord Properties LLC',
    status: 'FINISHED_IN_HERD',
    lines: [['2400.00', 'Rent', 'Landlord Properties LLC', 'Retail']],
    memo: 'October rent for the shop',
  },
  {
    date: '2026-10-04',
    type: 'EXPENSE',
    subtype: 'CREDIT_CARD_CHARGE',
    amount: '186.34',
    description: 'KING ARTHUR BAKING CO',
    payee: 'King Arthur Baking',
    card: true,
    status: 'FINISHED_IN_HERD',
    lines: [
      ['150.00', 'Ingredients', 'King Arthur Baking', 'Wholesale'],
      ['36.34', 'Packaging', 'King Arthur Baking', 'Wholesale'],
    ],
    memo: 'Flour and pastry boxes',
    attachment: 'png',
  },
  {
    date: '2026-10-06',
    type: 'DEPOSIT',
    subtype: 'SALES_RECEIPT',
    amount: '960.00',
    description: 'CAFE LUNA ACH',
    payee: 'Cafe Luna',
    status: 'FINISHED_IN_HERD',
    lines: [['960.00', 'Sales', 'Cafe Luna', 'Wholesale']],
  },
  // Published, matched, blocked, cancelled, hidden.
  {
    date: '2026-09-25',
    type: 'EXPENSE',
    subtype: 'PURCHASE',
    amount: '142.18',
    description: 'PG&E WEB ONLINE',
    payee: 'PG&E',
    status: 'PUBLISHED_IN_PLATFORM',
    lines: [['142.18', 'Utilities', 'PG&E', null]],
    attachment: 'pdf',
  },
  {
    date: '2026-09-26',
    type: 'EXPENSE',
    subtype: 'CREDIT_CARD_CHARGE',
    amount: '54.99',
    description: 'ADOBE *CREATIVE CLD',
    payee: 'Adobe',
    card: true,
    status: 'PUBLISHED_IN_PLATFORM',
    lines: [['54.99', 'Software Subscriptions', 'Adobe', null]],
  },
  {
    date: '2026-09-27',
    type: 'DEPOSIT',
    subtype: 'DEPOSIT',
    amount: '1840.00',
    description: 'SQUARE DEPOSIT',
    payee: 'Square',
    status: 'MATCHED_TO_PLATFORM',
    lines: [['1840.00', 'Sales', 'Walk-in customers', 'Retail']],
  },
  {
    date: '2026-09-28',
    type: 'EXPENSE',
    subtype: 'PURCHASE',
    amount: '310.00',
    description: 'RIVERSIDE CATERING SUPPLIES',
    payee: '',
    status: 'SYNC_ERROR',
    lines: [['310.00', 'Office Supplies', null, 'Catering']],
    syncError: 'The account period is closed for this date. Change the date or reopen the period.',
  },
  ...PAST_ANSWERS,
  { date: '2026-09-29', type: 'EXPENSE', subtype: 'PURCHASE', amount: '9.99', description: 'DUPLICATE - SPOTIFY', payee: '', card: true, status: 'CANCELLED' },
  { date: '2026-09-30', type: 'EXPENSE', subtype: 'PURCHASE', amount: '3.00', description: 'ATM FEE', payee: '', status: 'READY', hidden: true },
];
