import type { CredentialStore, StoredGrant } from '../../modules/books/ledger/credential-store.port.js';
import { LedgerNeedsReauthError } from '../../modules/books/ledger/ledger-errors.port.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { sealTokens, TokenSession } from '../oauth2-session.js';
import type { QboOAuth } from './qbo-oauth.js';

export { sealTokens };

/** QuickBooks no longer accepts our tokens; the accountant has to connect again (reauth). Generic code catches it as LedgerNeedsReauthError. */
export class NeedsReauthError extends LedgerNeedsReauthError {
  constructor() {
    super('QuickBooks no longer accepts this connection. Reconnect the company to QuickBooks.');
  }
}

/** One company's way into QuickBooks: its realm and a valid access token (Intuit rotates refresh tokens). */
export class QboSession extends TokenSession {
  constructor(credentials: CredentialStore, oauth: QboOAuth, box: SecretBox, companyPk: number, grant: StoredGrant, now?: () => Date) {
    super({ credentials, box, companyPk, grant, refresh: (token) => oauth.refresh(token), grantLost: () => new NeedsReauthError(), ...(now ? { now } : {}) });
  }

  get realmId(): string {
    return this.externalCompanyId;
  }
}
