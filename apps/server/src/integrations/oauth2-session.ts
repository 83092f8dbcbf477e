import type { SecretBox } from '../lib/secret-box.js';
import type { CredentialStore, SealedCredentials, StoredGrant } from '../modules/ledger/credential-store.js';
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
 * One company's way into an OAuth 2 ledger: a valid access token, refreshed when due. Ledgers
 * rotate refresh tokens (QuickBooks, Xero), so every refresh saves the new one at once through the
 * credential store, reading the newest first (another worker may have rotated it). A refused grant
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
    const { credentials, box, companyPk } = this.options;
    const latest = await credentials.read(companyPk);
    if (!latest?.credentials || latest.externalCompanyId !== this.grant.externalCompanyId) return this.giveUp();
    this.grant = latest;
    let tokens: TokenSet;
    try {
      tokens = await this.options.refresh(box.open(latest.credentials.refreshTokenEnc));
    } catch (err) {
      if (err instanceof OAuthError && err.grantIsGone) return this.giveUp();
      throw err;
    }
    const sealed = sealTokens(box, tokens);
    await credentials.save(companyPk, sealed);
    this.grant = { ...latest, credentials: sealed };
    return tokens.accessToken;
  }

  /** The grant is gone: nothing more can be read or written until the company is reconnected. */
  async giveUp(): Promise<never> {
    throw this.options.grantLost();
  }
}
