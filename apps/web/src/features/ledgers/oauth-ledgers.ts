import { quickbooksEndpoints, xeroEndpoints, type ClientCompany, type ConnectionKind } from '@herd/contract';

/**
 * The ledgers a firm connects through the ledger's own sign-in (OAuth). The server gives each the same
 * endpoints under its own path (connect, reconnect, profile, sync now), and brings the browser back to
 * the clients list with the same two parameters under the ledger's own names.
 */
export type OAuthLedgerKind = 'QBO' | 'XERO';

export const OAUTH_LEDGERS = {
  QBO: { name: 'QuickBooks', endpoints: quickbooksEndpoints, returnParams: { connected: 'qbo_connected', error: 'qbo_error' } },
  XERO: { name: 'Xero', endpoints: xeroEndpoints, returnParams: { connected: 'xero_connected', error: 'xero_error' } },
} as const;

export const OAUTH_LEDGER_KINDS: readonly OAuthLedgerKind[] = ['QBO', 'XERO'];

/** The OAuth ledger a company's connection kind names, or null for one Herd holds itself (or QuickBooks Desktop, which has no sign-in). */
export const oauthLedgerOf = (kind: ConnectionKind): OAuthLedgerKind | null => (kind === 'QBO' || kind === 'XERO' ? kind : null);

/** A company as the ledger hooks need it: which one, and on which ledger. */
export type LedgerCompany = Pick<ClientCompany, 'pk' | 'connection_kind'>;

/** The ledger a company is connected through; only called where its kind was checked (a company without one has nothing to reconnect or sync). */
export const ledgerOfCompany = (company: LedgerCompany) => {
  const kind = oauthLedgerOf(company.connection_kind);
  if (!kind) throw new Error(`A ${company.connection_kind} company has no ledger sign-in`);
  return OAUTH_LEDGERS[kind];
};

/** What a client's row can do with its ledger: sync now when connected, sign in again when the grant was refused. */
export const ledgerAbilities = (company: Pick<ClientCompany, 'connection_kind' | 'connection_state'>) => {
  const oauth = oauthLedgerOf(company.connection_kind) !== null;
  return { canSync: oauth && company.connection_state === 'CONNECTED', canReconnect: oauth && company.connection_state === 'NEEDS_REAUTH' };
};
