import { statusLabel, type ConnectionKind, type ConnectionState, type DirectlyCreatedKind, type FirmRole, type TransactionStatus } from '@herd/contract';

/** Words people use for the contract's enums. */
export const CONNECTION_KIND_LABELS: Record<ConnectionKind, string> = {
  QBO: 'QuickBooks Online',
  QBD: 'QuickBooks Desktop',
  XERO: 'Xero',
  GENERIC: 'Generic API',
  CSV: 'CSV',
  CONNECTIONLESS: 'No ledger',
};

/** What each kind that can be created directly means, for the "Add client" choice. */
export const CREATABLE_KIND_HELP: Record<DirectlyCreatedKind, string> = {
  CSV: 'Import bank transactions from CSV files.',
  CONNECTIONLESS: 'Requests and receipts only, no transactions.',
  GENERIC: 'Transactions arrive through Herd’s import API.',
  QBD: 'QuickBooks Desktop on the firm’s or the client’s computer, through the QuickBooks Web Connector.',
};

export const CONNECTION_STATE_LABELS: Record<ConnectionState, string> = {
  CONNECTED: 'Connected',
  NEEDS_REAUTH: 'Needs reconnecting',
  DISCONNECTED: 'Disconnected',
};

/** The contract holds the field names: the server's refusals use the same words. */
export { CLIENT_EDITABLE_FIELD_LABELS } from '@herd/contract';

export const FIRM_ROLE_LABELS: Record<FirmRole, string> = {
  FIRM_ADMIN: 'Firm admin',
  CLIENT_ADMIN: 'Client admin',
  TEAM_MEMBER: 'Team member',
};

export const FIRM_ROLE_HELP: Record<FirmRole, string> = {
  FIRM_ADMIN: 'Everything, including the team and firm branding.',
  CLIENT_ADMIN: 'All clients: add, assign and disconnect them.',
  TEAM_MEMBER: 'Only the clients assigned to them.',
};

/** The colour of each status's tag in the accountant's lists and review drawer. */
const STATUS_COLORS: Record<TransactionStatus, string> = {
  READY: 'blue',
  PROCESSING: 'default',
  FINISHED_IN_HERD: 'green',
  SYNC_ERROR: 'red',
  PUBLISHED_IN_PLATFORM: 'purple',
  MATCHED_TO_PLATFORM: 'cyan',
  CANCELLED: 'default',
};

/** A status's tag: the contract's words (the same as in the Status filter) in its colour. */
export const statusTag = (status: string): { color: string; label: string } => ({
  color: STATUS_COLORS[status as TransactionStatus] ?? 'default',
  label: statusLabel(status),
});
