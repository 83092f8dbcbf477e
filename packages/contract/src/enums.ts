/** Enumerations shared by server and web. */
export const ACCOUNT_TYPES = ['ACCOUNTANT', 'ACCOUNTANT_COWORKER', 'CLIENT', 'CLIENT_COWORKER'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

export const FIRM_ROLES = ['FIRM_ADMIN', 'CLIENT_ADMIN', 'TEAM_MEMBER'] as const;
export type FirmRole = (typeof FIRM_ROLES)[number];

export const CONNECTION_KINDS = ['QBO', 'QBD', 'XERO', 'GENERIC', 'CSV', 'CONNECTIONLESS'] as const;
export type ConnectionKind = (typeof CONNECTION_KINDS)[number];

/** NEEDS_REAUTH: the ledger refused our tokens; the accountant must connect again. */
export const CONNECTION_STATES = ['CONNECTED', 'NEEDS_REAUTH', 'DISCONNECTED'] as const;
export type ConnectionState = (typeof CONNECTION_STATES)[number];

/** The categorization fields that live on each line of a transaction. */
export const LINE_FIELDS = ['category', 'vendor', 'customer', 'class', 'location', 'tax', 'tracking_option_one', 'tracking_option_two', 'billable'] as const;
export type LineField = (typeof LINE_FIELDS)[number];

/** Categorization fields a client company may let its clients set: the line fields, and the transaction's memo, split and attachments. */
export const CLIENT_EDITABLE_FIELDS = [...LINE_FIELDS, 'memo', 'split', 'attachments'] as const;
export type ClientEditableField = (typeof CLIENT_EDITABLE_FIELDS)[number];

export const SUBSCRIPTION_STATUSES = ['TRIAL', 'TRIAL_EXPIRED', 'PAID', 'CANCELLED'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
/** Billing statuses in which the firm may change its data; any other is read-only. */
export const WRITABLE_SUBSCRIPTION_STATUSES: readonly SubscriptionStatus[] = ['TRIAL', 'PAID'];

export const TRANSACTION_STATUSES = ['PROCESSING', 'READY', 'SYNC_ERROR', 'CANCELLED', 'FINISHED_IN_HERD', 'PUBLISHED_IN_PLATFORM', 'MATCHED_TO_PLATFORM'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

export const TRANSACTION_TYPES = ['EXPENSE', 'DEPOSIT', 'BILL'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

/** Transaction subtypes: QuickBooks', Xero's, and the bank lines of CSV and generic ledgers. */
export const EXPENSE_SUBTYPES = {
  QUICKBOOKS: ['PURCHASE', 'JOURNAL_ENTRY', 'BILL', 'VENDOR_CREDIT', 'CREDIT_CARD_CREDIT', 'CREDIT_CARD_CHARGE'],
  XERO: ['ACCPAY_INVOICE', 'REPEATING_ACCPAY_INVOICE', 'SPEND', 'SPEND_OVERPAYMENT', 'SPEND_PREPAYMENT', 'SPEND_TRANSFER', 'PURCHASE_ORDER', 'MANUAL_JOURNAL'],
} as const;
export const DEPOSIT_SUBTYPES = {
  QUICKBOOKS: ['DEPOSIT', 'JOURNAL_ENTRY', 'SALES_RECEIPT'],
  XERO: ['ACCREC_INVOICE', 'REPEATING_ACCREC_INVOICE', 'RECEIVE', 'RECEIVE_OVERPAYMENT', 'RECEIVE_PREPAYMENT', 'RECEIVE_TRANSFER', 'QUOTE', 'MANUAL_JOURNAL'],
} as const;
/** A bank-statement line from a CSV import or a generic ledger. */
export const BANK_SUBTYPES = ['BANK_DEBIT', 'BANK_CREDIT'] as const;
export const TRANSACTION_SUBTYPES = [
  ...new Set([...EXPENSE_SUBTYPES.QUICKBOOKS, ...EXPENSE_SUBTYPES.XERO, ...DEPOSIT_SUBTYPES.QUICKBOOKS, ...DEPOSIT_SUBTYPES.XERO, ...BANK_SUBTYPES]),
] as const;
export type TransactionSubtype = (typeof TRANSACTION_SUBTYPES)[number];

export const REF_KINDS = ['VENDOR', 'CUSTOMER', 'CLASS', 'LOCATION', 'TAX', 'ITEM', 'PAYMENT_METHOD', 'TRACKING_CATEGORY', 'TRACKING_OPTION'] as const;
export type RefKind = (typeof REF_KINDS)[number];

export const NOTE_TARGETS = ['TRANSACTION', 'COMMUNICATION', 'RECEIPT', 'CLIENT_COMPANY', 'ACCOUNTANT_COMPANY'] as const;
export type NoteTarget = (typeof NOTE_TARGETS)[number];
export const BILLABLE_FLAGS = ['BILLABLE', 'NOT_BILLABLE'] as const;
export type BillableFlag = (typeof BILLABLE_FLAGS)[number];
export const SENDER_KINDS = ['ACCOUNTANT', 'CLIENT'] as const;
export type SenderKind = (typeof SENDER_KINDS)[number];
export const MESSAGE_KINDS = ['REPORT', 'REQUEST', 'NOTICE', 'W9'] as const;
export const DIRECTIONS = ['COSTS', 'SALES'] as const;
export type Direction = (typeof DIRECTIONS)[number];
export const FILTER_MARKERS = [
  'WITHOUT_CLASS',
  'WITHOUT_LOCATION',
  'WITHOUT_CUSTOMER',
  'WITHOUT_VENDOR',
  'WITHOUT_ATTACHMENTS',
  'WITHOUT_TRACKING_CATEGORY_ONE',
  'WITHOUT_TRACKING_CATEGORY_TWO',
] as const;
export type FilterMarker = (typeof FILTER_MARKERS)[number];

export const MFA_METHODS = ['SMS', 'TOTP'] as const;
export type MfaMethod = (typeof MFA_METHODS)[number];

export const FEATURE_FLAGS = ['FEATURE_TRANSACTION_ANALYTICS'] as const;
/** Flags that gated something every firm now has: a deployment's setting or a firm's stored row naming one is ignored. */
export const RETIRED_FEATURE_FLAGS = ['FEATURE_MFA'] as const;
export type FeatureFlag = (typeof FEATURE_FLAGS)[number];

export const isAccountantSide = (t: AccountType) => t === 'ACCOUNTANT' || t === 'ACCOUNTANT_COWORKER';
