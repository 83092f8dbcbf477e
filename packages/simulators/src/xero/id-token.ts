import { createSign, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { XERO_USER, type Grant } from './oauth-store.js';
import type { JsonObject } from './types.js';

export const XERO_ISSUER = 'https://identity.xero.com';
const KEY_ID = 'sim-xero-1';

/**
 * Signs OpenID id_tokens with RS256, as the QuickBooks simulator does, with a key made on first
 * use; the public half is served as a JWKS so a client can verify the signature end to end.
 */
export class XeroIdTokenSigner {
  private keys?: { privateKey: KeyObject; publicKey: KeyObject };

  constructor(private readonly clientId: string) {}

  sign(grant: Grant, nowMs: number): string {
    const now = Math.floor(nowMs / 1000);
    const claims: JsonObject = {
      iss: XERO_ISSUER,
      aud: this.clientId,
      sub: XERO_USER.sub,
      xero_userid: XERO_USER.xeroUserId,
      global_session_id: grant.authEventId,
      auth_time: Math.floor(grant.createdAt / 1000),
      iat: now,
      nbf: now,
      exp: now + 300,
    };
    if (grant.scopes.includes('email')) claims.email = XERO_USER.email;
    if (grant.scopes.includes('profile')) {
      Object.assign(claims, { given_name: XERO_USER.givenName, family_name: XERO_USER.familyName, preferred_username: XERO_USER.email });
    }
    const input = `${encode({ alg: 'RS256', kid: KEY_ID, typ: 'JWT' })}.${encode(claims)}`;
    const signature = createSign('RSA-SHA256').update(input).sign(this.keyPair().privateKey).toString('base64url');
    return `${input}.${signature}`;
  }

  jwks(): JsonObject {
    const jwk = this.keyPair().publicKey.export({ format: 'jwk' });
    return { keys: [{ kty: jwk.kty ?? 'RSA', n: jwk.n ?? '', e: jwk.e ?? '', kid: KEY_ID, alg: 'RS256', use: 'sig' }] };
  }

  private keyPair(): { privateKey: KeyObject; publicKey: KeyObject } {
    this.keys ??= generateKeyPairSync('rsa', { modulusLength: 2048 });
    return this.keys;
  }
}

function encode(value: object): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}
