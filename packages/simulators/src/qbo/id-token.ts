import { JwtSigner } from '../shared/jwt-signer.js';
import { SANDBOX_USER, type Grant } from './oauth-store.js';
import type { JsonObject } from './types.js';

export const ISSUER = 'https://oauth.platform.intuit.com/op/v1';
const KEY_ID = 'sim-qbo-1';

/**
 * Signs OpenID id_tokens with RS256 like Intuit (the shared JwtSigner), with its claims: a key made on first use (key generation
 * costs tens of milliseconds, so simulators that never see `openid` never pay it). The public
 * half is served as a JWKS so a client can verify the signature end to end.
 */
export class IdTokenSigner {
  private readonly signer = new JwtSigner(KEY_ID);

  constructor(private readonly clientId: string) {}

  sign(grant: Grant, nowMs: number): string {
    const now = Math.floor(nowMs / 1000);
    return this.signer.sign({
      iss: ISSUER,
      sub: SANDBOX_USER.sub,
      aud: [this.clientId],
      realmid: grant.realmId,
      auth_time: Math.floor(grant.createdAt / 1000),
      iat: now,
      exp: now + 3600,
    });
  }

  jwks(): JsonObject {
    return this.signer.jwks() as JsonObject;
  }
}
