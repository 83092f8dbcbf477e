import { randomBytes } from 'node:crypto';
import type { Clock } from './clock.js';
import { OAuthError } from './faults.js';

/** Lifetimes from Intuit's documentation (§1.1): 100-day rolling refresh token, 5-year hard limit, 24 h overlap on rotation. */
export const REFRESH_TOKEN_TTL_SECONDS = 8_726_400;
export const REFRESH_TOKEN_HARD_TTL_SECONDS = 5 * 365 * 86_400;
export const ROTATED_REFRESH_GRACE_MS = 24 * 3600_000;
const AUTH_CODE_TTL_MS = 10 * 60_000;

/** The one sandbox user who signs in and approves every connection. */
export const SANDBOX_USER = {
  sub: '8b6b6f4c-5e1d-4f3a-9d4e-2f7a1c0e9b31',
  email: 'sandbox.user@example.com',
  emailVerified: true,
  givenName: 'Sandy',
  familyName: 'Sandbox',
  phoneNumber: '+1 5555550100',
  phoneNumberVerified: false,
};

export interface Grant {
  id: string;
  realmId: string;
  scopes: string[];
  createdAt: number;
  revoked: boolean;
}

interface AccessTokenRecord {
  grant: Grant;
  expiresAt: number;
}

interface RefreshTokenRecord {
  grant: Grant;
  expiresAt: number;
}

interface AuthCodeRecord {
  realmId: string;
  scopes: string[];
  redirectUri: string;
  expiresAt: number;
  used: boolean;
}

export interface TokenResponse {
  access_token: string;
  refresh_token: string;
  token_type: 'bearer';
  expires_in: number;
  x_refresh_token_expires_in: number;
  x_refresh_token_hard_expires_in?: number;
  id_token?: string;
}

export type AccessCheck = { ok: true; grant: Grant } | { ok: false; detail: string };

/** Grants, codes and tokens. Tokens are opaque random strings; every check goes through the clock. */
export class OAuthStore {
  readonly revokedTokens: string[] = [];
  private readonly codes = new Map<string, AuthCodeRecord>();
  /** The live tokens (and their grants) and how many grants were made: what a saved simulator keeps (snapshot.ts). */
  readonly accessTokens = new Map<string, AccessTokenRecord>();
  readonly refreshTokens = new Map<string, RefreshTokenRecord>();
  grantCount = 0;

  constructor(
    private readonly clock: Clock,
    private readonly accessTokenTtlSeconds: number,
  ) {}

  issueCode(realmId: string, scopes: string[], redirectUri: string): string {
    const code = `AB11${randomBytes(24).toString('base64url')}`;
    this.codes.set(code, { realmId, scopes, redirectUri, expiresAt: this.clock.now() + AUTH_CODE_TTL_MS, used: false });
    return code;
  }

  /** Codes are single use; a mismatched redirect_uri is refused as RFC 6749 requires. */
  redeemCode(code: string, redirectUri: string): Grant {
    const record = this.codes.get(code);
    if (!record || record.used || record.expiresAt <= this.clock.now()) throw new OAuthError(400, 'invalid_grant');
    if (record.redirectUri !== redirectUri) throw new OAuthError(400, 'invalid_grant', 'redirect_uri does not match');
    record.used = true;
    return this.createGrant(record.realmId, record.scopes);
  }

  createGrant(realmId: string, scopes: string[]): Grant {
    return { id: String(++this.grantCount), realmId, scopes, createdAt: this.clock.now(), revoked: false };
  }

  /** Rotation: the presented token stays usable for 24 h (or its own expiry, if sooner), then only the new one works. */
  rotateRefreshToken(token: string): Grant {
    const record = this.refreshTokens.get(token);
    if (!record || record.grant.revoked || record.expiresAt <= this.clock.now()) throw new OAuthError(400, 'invalid_grant');
    record.expiresAt = Math.min(record.expiresAt, this.clock.now() + ROTATED_REFRESH_GRACE_MS);
    return record.grant;
  }

  issueTokens(grant: Grant, includeHardExpiry: boolean): TokenResponse {
    const now = this.clock.now();
    const accessToken = `eyJ${randomBytes(48).toString('base64url')}`;
    const refreshToken = `AB11${Math.floor(now / 1000)}${randomBytes(24).toString('base64url')}`;
    const hardExpiry = grant.createdAt + REFRESH_TOKEN_HARD_TTL_SECONDS * 1000;
    const refreshExpiry = Math.min(now + REFRESH_TOKEN_TTL_SECONDS * 1000, hardExpiry);
    this.accessTokens.set(accessToken, { grant, expiresAt: now + this.accessTokenTtlSeconds * 1000 });
    this.refreshTokens.set(refreshToken, { grant, expiresAt: refreshExpiry });
    const response: TokenResponse = {
      access_token: accessToken,
      refresh_token: refreshToken,
      token_type: 'bearer',
      expires_in: this.accessTokenTtlSeconds,
      x_refresh_token_expires_in: Math.round((refreshExpiry - now) / 1000),
    };
    if (includeHardExpiry) response.x_refresh_token_hard_expires_in = Math.round((hardExpiry - now) / 1000);
    return response;
  }

  /** Revoking either token ends the whole grant, as disconnecting the app does in QuickBooks. */
  revoke(token: string): boolean {
    const grant = this.accessTokens.get(token)?.grant ?? this.refreshTokens.get(token)?.grant;
    if (!grant) return false;
    grant.revoked = true;
    this.revokedTokens.push(token);
    return true;
  }

  checkAccessToken(token: string): AccessCheck {
    const record = this.accessTokens.get(token);
    if (!record) return { ok: false, detail: 'Token invalid: the access token is not recognised.' };
    if (record.grant.revoked) return { ok: false, detail: 'Token revoked: the connection was revoked.' };
    if (record.expiresAt <= this.clock.now()) return { ok: false, detail: `Token expired: ${token.slice(0, 12)}…` };
    return { ok: true, grant: record.grant };
  }

  expireAccessTokens(realmId?: string): number {
    let expired = 0;
    const past = this.clock.now() - 1;
    for (const record of this.accessTokens.values()) {
      if (realmId !== undefined && record.grant.realmId !== realmId) continue;
      if (record.expiresAt > past) expired++;
      record.expiresAt = Math.min(record.expiresAt, past);
    }
    return expired;
  }

  clear(): void {
    this.codes.clear();
    this.accessTokens.clear();
    this.refreshTokens.clear();
    this.revokedTokens.length = 0;
  }
}
