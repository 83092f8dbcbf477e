import type { CredentialStore, SealedCredentials, StoredGrant } from '../../modules/ledger/credential-store.js';
import { LedgerNeedsReauthError } from '../../modules/ledger/ledger-errors.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { OAuthError, type QboOAuth, type TokenSet } from './qbo-oauth.js';

/** QuickBooks no longer accepts our tokens; the accountant has to connect again (reauth). Generic code catches it as LedgerNeedsReauthError. */
export class NeedsReauthError extends LedgerNeedsReauthError {
  constructor() {
    super('QuickBooks no longer accepts this connection. Reconnect the company to QuickBooks.');
  }
}

/** Refresh a little before the hour is up, so a token never expires mid-request. */
const EXPIRY_MARGIN_MS = 2 * 60 * 1000;

export const sealTokens = (box: SecretBox, tokens: TokenSet): SealedCredentials => ({
  accessTokenEnc: box.seal(tokens.accessToken),
  refreshTokenEnc: box.seal(tokens.refreshToken),
  accessExpiresAt: tokens.accessExpiresAt,
  refreshExpiresAt: tokens.refreshExpiresAt,
});

/**
 * One company's way into QuickBooks: its realm and a valid access token, refreshed when due.
 * Intuit rotates refresh tokens, so every refresh saves the new one at once through the credential
 * store. A refused grant throws NeedsReauthError: the module that called the adapter records it on
 * the company and tells the firm.
 */
export class QboSession {
  constructor(
    private readonly credentials: CredentialStore,
    private readonly oauth: QboOAuth,
    private readonly box: SecretBox,
    private readonly companyPk: number,
    private grant: StoredGrant,
    private readonly now: () => Date = () => new Date(),
  ) {}

  get realmId(): string {
    return this.grant.externalCompanyId;
  }

  async accessToken(): Promise<string> {
    const sealed = this.grant.credentials;
    if (sealed && sealed.accessExpiresAt.getTime() - EXPIRY_MARGIN_MS > this.now().getTime()) return this.box.open(sealed.accessTokenEnc);
    return this.refresh();
  }

  /** Gets new tokens with the newest refresh token; called when due or when the ledger answers 401. */
  async refresh(): Promise<string> {
    // Another worker may have rotated the tokens since this session read them.
    const latest = await this.credentials.read(this.companyPk);
    if (!latest?.credentials || latest.externalCompanyId !== this.grant.externalCompanyId) return this.giveUp();
    this.grant = latest;
    let tokens: TokenSet;
    try {
      tokens = await this.oauth.refresh(this.box.open(latest.credentials.refreshTokenEnc));
    } catch (err) {
      if (err instanceof OAuthError && err.grantIsGone) return this.giveUp();
      throw err;
    }
    const sealed = sealTokens(this.box, tokens);
    await this.credentials.save(this.companyPk, sealed);
    this.grant = { ...latest, credentials: sealed };
    return tokens.accessToken;
  }

  /** The grant is gone: nothing more can be read or written until the company is reconnected. */
  async giveUp(): Promise<never> {
    throw new NeedsReauthError();
  }
}
