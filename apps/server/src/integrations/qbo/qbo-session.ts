import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { clientCompanies, ledgerConnections } from '../../db/schema/index.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { notifyLedgerNeedsReauth } from '../../modules/notifications/events.js';
import type { SealedCredentials } from '../ledger-adapter.js';
import { LedgerNeedsReauthError } from '../ledger-errors.js';
import { OAuthError, type QboOAuth, type TokenSet } from './qbo-oauth.js';

export type ConnectionRow = typeof ledgerConnections.$inferSelect;

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
 * One company's way into QuickBooks: its realm and a valid access token,
 * refreshed when due. Intuit rotates refresh tokens, so every refresh stores
 * the new one at once; a refused refresh puts the company in NEEDS_REAUTH.
 */
export class QboSession {
  private connection: ConnectionRow;

  constructor(
    private readonly db: Db,
    private readonly oauth: QboOAuth,
    private readonly box: SecretBox,
    connection: ConnectionRow,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.connection = connection;
  }

  get realmId(): string {
    return this.connection.externalCompanyId;
  }

  get companyPk(): number {
    return this.connection.clientCompanyId;
  }

  async accessToken(): Promise<string> {
    const { accessTokenEnc, accessExpiresAt } = this.connection;
    if (accessTokenEnc && accessExpiresAt && accessExpiresAt.getTime() - EXPIRY_MARGIN_MS > this.now().getTime()) {
      return this.box.open(accessTokenEnc);
    }
    return this.refresh();
  }

  /** Gets new tokens with the newest refresh token; called when due or when the ledger answers 401. */
  async refresh(): Promise<string> {
    // Another worker may have rotated the tokens since this session read them.
    const [latest] = await this.db.select().from(ledgerConnections).where(eq(ledgerConnections.pk, this.connection.pk));
    if (!latest?.refreshTokenEnc) return this.giveUp();
    this.connection = latest;
    let tokens: TokenSet;
    try {
      tokens = await this.oauth.refresh(this.box.open(latest.refreshTokenEnc));
    } catch (err) {
      if (err instanceof OAuthError && err.grantIsGone) return this.giveUp();
      throw err;
    }
    const [saved] = await this.db
      .update(ledgerConnections)
      .set({ ...sealTokens(this.box, tokens), updatedAt: new Date() })
      .where(eq(ledgerConnections.pk, latest.pk))
      .returning();
    this.connection = saved!;
    return tokens.accessToken;
  }

  /** The grant is gone: say so on the company, where the clients list shows it, and stop. */
  async giveUp(): Promise<never> {
    await this.db.transaction(async (tx) => {
      // Only the moment the grant is lost is news: a company already waiting to be reconnected is not announced again.
      const [lost] = await tx
        .update(clientCompanies)
        .set({ connectionState: 'NEEDS_REAUTH', updatedAt: new Date() })
        .where(and(eq(clientCompanies.pk, this.connection.clientCompanyId), ne(clientCompanies.connectionState, 'NEEDS_REAUTH')))
        .returning({ firmId: clientCompanies.firmId, pk: clientCompanies.pk });
      if (lost) await notifyLedgerNeedsReauth(tx, { firmId: lost.firmId, companyPk: lost.pk, ledger: 'QuickBooks' });
      await tx
        .update(ledgerConnections)
        .set({ syncState: 'FAILED', lastSyncError: 'QuickBooks refused the connection: reconnect the company.', updatedAt: new Date() })
        .where(and(eq(ledgerConnections.pk, this.connection.pk), eq(ledgerConnections.clientCompanyId, this.connection.clientCompanyId)));
    });
    throw new NeedsReauthError();
  }
}
