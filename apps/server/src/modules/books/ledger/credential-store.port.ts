/** Credentials as Herd stores them: sealed with SECRET_KEY; only the ledger's own adapter opens them. */
export interface SealedCredentials {
  accessTokenEnc: string;
  refreshTokenEnc: string;
  accessExpiresAt: Date;
  refreshExpiresAt: Date;
}

/** What a completed authorisation gives Herd: which company at the ledger, and the means to reach it. */
export interface LedgerGrant {
  /** The ledger's id of the company (QuickBooks' realm id). */
  externalCompanyId: string;
  /** Granted on a sandbox of the ledger, not the real service. */
  sandbox: boolean;
  credentials: SealedCredentials;
}

/** A company's link as stored: the ledger's kind and id of the company, and its credentials unless forgotten. */
export interface StoredGrant {
  provider: string;
  externalCompanyId: string;
  credentials: SealedCredentials | null;
}

/**
 * Where an adapter keeps a company's credentials between calls (implemented by the
 * ledger-connections module over `ledger_connections`). Reads are always fresh: another process
 * may have rotated the tokens since. Ledgers that rotate refresh tokens save the new ones at once.
 */
export interface CredentialStore {
  read(companyPk: number): Promise<StoredGrant | null>;
  save(companyPk: number, credentials: SealedCredentials): Promise<void>;
}
