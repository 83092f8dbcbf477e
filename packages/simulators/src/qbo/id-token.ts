import { JwtSigner } from '../shared/jwt-signer.js';
import { SANDBOX_USER, type Grant } from './oauth-store.js';
import type { JsonObject } from './types.js';

export const ISSUER = 'https://oauth.platform.intuit.com/op/v1';
const KEY_ID = 'sim-qbo-1';

/** Intuit's OpenID id_tokens: its claims, signed by the simulators' shared RS256 signer. */
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
