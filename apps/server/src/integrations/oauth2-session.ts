import type { SecretBox } from '../lib/secret-box.js';
import type { CredentialStore, SealedCredentials, StoredGrant } from '../modules/books/ledger/credential-store.port.js';
import { OAuthError, type TokenSet } from './oauth2-tokens.js';

/** Refresh a little before the token's end, so it never expires mid-request. */
const EXPIRY_MARGIN_MS = 2 * 60 * 1000;

export const sealTokens = (box: SecretBox, tokens: TokenSet): SealedCredentials => ({
  accessTokenEnc: box.seal(tokens.accessToken),
  refreshTokenEnc: box.seal(tokens.refreshToken),
  accessExpiresAt: tokens.accessExpiresAt,
  refreshExpiresAt: tokens.refreshExpiresAt,
});

export interface TokenSessionOptions {
  credentials: CredentialStore;
  box: SecretBox;
  companyPk: number;
  grant: StoredGrant;
  /** The ledger's refresh call. */
  refresh(refreshToken: string): Promise<TokenSet>;
  /** The ledger's own "needs reauthorization" error (a LedgerNeedsReauthError). */
  grantLost(): Error;
  now?: () => Date;
}

/**
 * Refreshes under way in this process, per credential store and company. A rotating refresh token
 * is good for one refresh: a second caller spending it too (another call of the same session, or
 * another job's session for the same company) would be refused with invalid_grant, and the company
 * asked to reconnect for nothing. So whoever comes while a refresh is under way waits for it.
 */
const refreshesUnderWay = new WeakMap<CredentialStore, Map<number, Promise<StoredGrant>>>();

/**
 * One company's way into an OAuth 2 ledger: a valid access token, refreshed when due. Ledgers
 * rotate refresh tokens (QuickBooks, Xero), so every refresh saves the new one at once through the
 * credential store, reading the newest first (another worker may have rotated it), and callers in
 * this process that find the token due at the same moment share the one refresh. A refused grant
 * throws the ledger's "needs reauthorization" error: the module that called the adapter records it
 * on the company and tells the firm.
 */
export class TokenSession {
  private grant: StoredGrant;

  constructor(private readonly options: TokenSessionOptions) {
    this.grant = options.grant;
  }

  /** The ledger's id of the company: QuickBooks' realm, Xero's tenant. */
  get externalCompanyId(): string {
    return this.grant.externalCompanyId;
  }

  async accessToken(): Promise<string> {
    const sealed = this.grant.credentials;
    const now = (this.options.now?.() ?? new Date()).getTime();
    if (sealed && sealed.accessExpiresAt.getTime() - EXPIRY_MARGIN_MS > now) return this.options.box.open(sealed.accessTokenEnc);
    return this.refresh();
  }

  /** Gets new tokens with the newest refresh token; called when due or when the ledger answers 401. */
  async refresh(): Promise<string> {
    const { credentials, companyPk, box } = this.options;
    const underWay = refreshesUnderWay.get(credentials) ?? new Map<number, Promise<StoredGrant>>();
    refreshesUnderWay.set(credentials, underWay);
    let refreshed = underWay.get(companyPk);
    if (!refreshed) {
      refreshed = this.refreshAndSave().finally(() => underWay.delete(companyPk));
      underWay.set(companyPk, refreshed);
    }
    this.grant = await refreshed;
    return box.open(this.grant.credentials!.accessTokenEnc);
  }

  private async refreshAndSave(): Promise<StoredGrant> {
    const { credentials, box, companyPk } = this.options;
    const latest = await credentials.read(companyPk);
    if (!latest?.credentials || latest.externalCompanyId !== this.grant.externalCompanyId) return this.giveUp();
    let tokens: TokenSet;
    try {
      tokens = await this.options.refresh(box.open(latest.credentials.refreshTokenEnc));
    } catch (err) {
      if (err instanceof OAuthError && err.grantIsGone) return this.giveUp();
      throw err;
    }
    const sealed = sealTokens(box, tokens);
    await credentials.save(companyPk, sealed);
    return { ...latest, credentials: sealed };
  }

  /** The grant is gone: nothing more can be read or written until the company is reconnected. */
  async giveUp(): Promise<never> {
    throw this.options.grantLost();
  }
}
