import { randomBytes, randomUUID } from 'node:crypto';
import type { Clock } from '../qbo/clock.js';
import { OAuthError } from './errors.js';

/** Lifetimes from §2.1: 30-minute access tokens; refresh tokens single-use and dead after 60 days unused. */
export const ACCESS_TOKEN_TTL_SECONDS = 1800;
export const REFRESH_TOKEN_TTL_MS = 60 * 86_400_000;
const AUTH_CODE_TTL_MS = 5 * 60_000;

/** Who signs in at Xero: the person behind a consent. */
export interface XeroIdentity {
  sub: string;
  xeroUserId: string;
  email: string;
  givenName: string;
  familyName: string;
}

/** The sandbox user who signs in and approves a connection when the host names nobody else. */
export const XERO_USER: XeroIdentity = {
  sub: '3f5c7e1a-8d2b-4c6e-9a1f-0b2d4e6f8a10',
  xeroUserId: 'b1c2d3e4-f5a6-4b7c-8d9e-0f1a2b3c4d5e',
  email: 'sandbox.user@example.com',
  givenName: 'Sandy',
  familyName: 'Sandbox',
};

/** One consent (Xero's "auth event"): the organisations ticked and the scopes granted. */
export interface Grant {
  authEventId: string;
  tenantIds: string[];
  scopes: string[];
  createdAt: number;
  revoked: boolean;
  /** Who consented: their connections are the ones `GET /connections` lists to this grant's tokens. */
  user: XeroIdentity;
}

/** The app's link to one organisation, as `GET /connections` lists it. */
export interface Connection {
  id: string;
  authEventId: string;
  tenantId: string;
  /** The Xero user who connected it (Xero lists a user their own connections). */
  userSub: string;
  createdAt: number;
  updatedAt: number;
}

export interface TokenResponse {
  access_token: string;
  expires_in: number;
  token_type: 'Bearer';
  scope: string;
  /** Only with `offline_access`. */
  refresh_token?: string;
  /** Only with `openid`. */
  id_token?: string;
}

export type AccessCheck = { ok: true; grant: Grant } | { ok: false; detail: string };

/**
 * Grants, codes, tokens and connections. Access tokens are shaped as Xero's JWTs (three dot-separated
 * parts whose middle one carries `authentication_event_id` and the user's ids, so a client can ask
 * `/connections?authEventId=` for the organisations this consent added); the simulator itself
 * checks them against its own table and the clock.
 */
export class XeroOAuthStore {
  readonly revokedTokens: string[] = [];
  readonly connections = new Map<string, Connection>();
  private readonly codes = new Map<string, { tenantIds: string[]; scopes: string[]; redirectUri: string; expiresAt: number; user: XeroIdentity }>();
  /** The live tokens (and their grants), which a saved simulator keeps (snapshot.ts). */
  readonly accessTokens = new Map<string, { grant: Grant; expiresAt: number }>();
  readonly refreshTokens = new Map<string, { grant: Grant; expiresAt: number; used: boolean }>();

  constructor(
    private readonly clock: Clock,
    private readonly accessTokenTtlSeconds: number,
  ) {}

  issueCode(tenantIds: string[], scopes: string[], redirectUri: string, user: XeroIdentity = XERO_USER): string {
    const code = randomBytes(32).toString('hex');
    this.codes.set(code, { tenantIds, scopes, redirectUri, expiresAt: this.clock.now() + AUTH_CODE_TTL_MS, user });
    return code;
  }

  /** Codes are single use and tied to their redirect_uri (RFC 6749). */
  redeemCode(code: string, redirectUri: string): Grant {
    const record = this.codes.get(code);
    this.codes.delete(code);
    if (!record || record.expiresAt <= this.clock.now() || record.redirectUri !== redirectUri) throw new OAuthError(400, 'invalid_grant');
    return this.createGrant(record.tenantIds, record.scopes, record.user);
  }

  /** A new auth event; each organisation in it is connected (or its connection moved to this event). */
  createGrant(tenantIds: string[], scopes: string[], user: XeroIdentity = XERO_USER): Grant {
    const now = this.clock.now();
    const grant: Grant = { authEventId: randomUUID(), tenantIds: [...tenantIds], scopes, createdAt: now, revoked: false, user };
    for (const tenantId of tenantIds) {
      const current = [...this.connections.values()].find((connection) => connection.tenantId === tenantId && connection.userSub === user.sub);
      if (current) Object.assign(current, { authEventId: grant.authEventId, updatedAt: now });
      else this.connections.set(randomUUID(), { id: '', authEventId: grant.authEventId, tenantId, userSub: user.sub, createdAt: now, updatedAt: now });
    }
    for (const [id, connection] of this.connections) connection.id = id;
    return grant;
  }

  /**
   * Single use: the presented token dies as the new pair is issued, and presenting it again is
   * `invalid_grant`. Xero's grace period for a retried refresh is UNCONFIRMED; this allows none.
   */
  rotateRefreshToken(token: string): Grant {
    const record = this.refreshTokens.get(token);
    if (!record || record.used || record.grant.revoked || record.expiresAt <= this.clock.now()) throw new OAuthError(400, 'invalid_grant');
    record.used = true;
    return record.grant;
  }

  issueTokens(grant: Grant): TokenResponse {
    const now = this.clock.now();
    const accessToken = accessTokenFor(grant, now, this.accessTokenTtlSeconds);
    this.accessTokens.set(accessToken, { grant, expiresAt: now + this.accessTokenTtlSeconds * 1000 });
    const response: TokenResponse = { access_token: accessToken, expires_in: this.accessTokenTtlSeconds, token_type: 'Bearer', scope: grant.scopes.join(' ') };
    if (grant.scopes.includes('offline_access')) {
      const refreshToken = randomBytes(32).toString('hex');
      this.refreshTokens.set(refreshToken, { grant, expiresAt: now + REFRESH_TOKEN_TTL_MS, used: false });
      response.refresh_token = refreshToken;
    }
    return response;
  }

  /** Revoking a refresh token ends its grant and removes the connections it authorised. */
  revoke(token: string): boolean {
    const grant = this.refreshTokens.get(token)?.grant;
    if (!grant) return false;
    grant.revoked = true;
    this.revokedTokens.push(token);
    for (const [id, connection] of this.connections) if (connection.authEventId === grant.authEventId) this.connections.delete(id);
    return true;
  }

  checkAccessToken(token: string): AccessCheck {
    const record = this.accessTokens.get(token);
    if (!record || record.grant.revoked) return { ok: false, detail: 'AuthenticationUnsuccessful' };
    if (record.expiresAt <= this.clock.now()) {
      return { ok: false, detail: `TokenExpired: token expired at ${new Date(record.expiresAt).toISOString()}` };
    }
    return { ok: true, grant: record.grant };
  }

  /** A token reaches an organisation its consent included while the app is still connected to it. */
  reaches(grant: Grant, tenantId: string): boolean {
    return grant.tenantIds.includes(tenantId) && [...this.connections.values()].some((connection) => connection.tenantId === tenantId);
  }

  expireAccessTokens(tenantId?: string): number {
    let expired = 0;
    const past = this.clock.now() - 1;
    for (const record of this.accessTokens.values()) {
      if (tenantId !== undefined && !record.grant.tenantIds.includes(tenantId)) continue;
      if (record.expiresAt > past) expired++;
      record.expiresAt = Math.min(record.expiresAt, past);
    }
    return expired;
  }

  clear(): void {
    this.codes.clear();
    this.accessTokens.clear();
    this.refreshTokens.clear();
    this.connections.clear();
    this.revokedTokens.length = 0;
  }
}

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A token in the shape of Xero's: a JWT whose claims name the consent and the user; its signature part is random (only the simulator checks it, by lookup). */
function accessTokenFor(grant: Grant, nowMs: number, ttlSeconds: number): string {
  const now = Math.floor(nowMs / 1000);
  const claims = {
    iss: 'https://identity.xero.com',
    sub: grant.user.sub,
    xero_userid: grant.user.xeroUserId,
    authentication_event_id: grant.authEventId,
    scope: grant.scopes,
    nbf: now,
    exp: now + ttlSeconds,
    jti: randomUUID(),
  };
  return `${base64url({ alg: 'RS256', typ: 'JWT' })}.${base64url(claims)}.${randomBytes(32).toString('base64url')}`;
}
