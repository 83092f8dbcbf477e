import { JwtSigner } from '../shared/jwt-signer.js';
import type { Grant } from './oauth-store.js';
import type { JsonObject } from './types.js';

export const XERO_ISSUER = 'https://identity.xero.com';
const KEY_ID = 'sim-xero-1';

/**
 * Signs OpenID id_tokens with RS256, as the QuickBooks simulator does, with a key made on first
 * use; the public half is served as a JWKS so a client can verify the signature end to end.
 */
export class XeroIdTokenSigner {
  private readonly signer = new JwtSigner(KEY_ID, { typ: 'JWT' });

  constructor(private readonly clientId: string) {}

  sign(grant: Grant, nowMs: number): string {
    const now = Math.floor(nowMs / 1000);
    const claims: JsonObject = {
      iss: XERO_ISSUER,
      aud: this.clientId,
      sub: grant.user.sub,
      xero_userid: grant.user.xeroUserId,
      global_session_id: grant.authEventId,
      auth_time: Math.floor(grant.createdAt / 1000),
      iat: now,
      nbf: now,
      exp: now + 300,
    };
    if (grant.scopes.includes('email')) claims.email = grant.user.email;
    if (grant.scopes.includes('profile')) {
      Object.assign(claims, { given_name: grant.user.givenName, family_name: grant.user.familyName, preferred_username: grant.user.email });
    }
    return this.signer.sign(claims);
  }

  jwks(): JsonObject {
    return this.signer.jwks() as JsonObject;
  }
}
