import type { FirmRole, TransactionStatus } from './enums.js';

/**
 * Rules both sides apply: the server enforces them, the web app uses them to
 * offer only what would succeed (docs/permissions.md, docs/transactions.md).
 */

/** What each firm role may do beyond working on the clients it sees. */
export const firmRoleRules = {
  /** Create client companies, assign team members, disconnect a company. */
  manageClientCompanies: (role: FirmRole) => role === 'FIRM_ADMIN' || role === 'CLIENT_ADMIN',
  /** Coworkers, firm settings and branding, billing, integrations, disconnect-all. */
  administerFirm: (role: FirmRole) => role === 'FIRM_ADMIN',
  /** Write, change and delete the firm's request templates (every firm user may use them). */
  manageRequestTemplates: (role: FirmRole) => role === 'FIRM_ADMIN' || role === 'CLIENT_ADMIN',
  /** Every client of the firm; a team member sees only those assigned to them. */
  seesAllClients: (role: FirmRole) => role !== 'TEAM_MEMBER',
} as const;

/** The statuses in which each side may still change a transaction's answer. */
export const EDITABLE_STATUSES: Record<'client' | 'accountant', readonly TransactionStatus[]> = {
  client: ['READY', 'FINISHED_IN_HERD'],
  accountant: ['READY', 'FINISHED_IN_HERD', 'SYNC_ERROR'],
};

/**
 * Which statuses each transaction list shows (hidden ones appear only in the Hidden list).
 * PROCESSING only comes from a publish in flight, so it stays in the accountant's Categorized list
 * while the ledger writes it, instead of jumping to Active and back. The filter bar offers a list's
 * own statuses only.
 */
const ACTIVE: readonly TransactionStatus[] = ['READY', 'SYNC_ERROR'];
const CATEGORIZED: readonly TransactionStatus[] = ['FINISHED_IN_HERD', 'SYNC_ERROR', 'PROCESSING', 'PUBLISHED_IN_PLATFORM', 'MATCHED_TO_PLATFORM'];
export const LIST_STATUSES = {
  accountantActive: ACTIVE,
  accountantCategorized: CATEGORIZED,
  accountantHidden: [...ACTIVE, ...CATEGORIZED.filter((s) => !ACTIVE.includes(s)), 'CANCELLED'],
  clientActive: ['READY'],
  clientCompleted: CATEGORIZED,
} as const satisfies Record<string, readonly TransactionStatus[]>;
