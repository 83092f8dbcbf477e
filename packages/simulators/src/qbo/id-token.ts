import { createSign, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { SANDBOX_USER, type Grant } from './oauth-store.js';
import type { JsonObject } from './types.js';

export const ISSUER = 'https://oauth.platform.intuit.com/op/v1';
const KEY_ID = 'sim-qbo-1';

/**
 * Signs OpenID id_tokens with RS256 like Intuit, with a key made on first use (key generation
 * costs tens of milliseconds, so simulators that never see `openid` never pay it). The public
 * half is served as a JWKS so a client can verify the signature end to end.
 */
export class IdTokenSigner {
  private keys?: { privateKey: KeyObject; publicKey: KeyObject };

  constructor(private readonly clientId: string) {}

  sign(grant: Grant, nowMs: number): string {
    const now = Math.floor(nowMs / 1000);
    const header = { alg: 'RS256', kid: KEY_ID };
    const claims = {
      iss: ISSUER,
      sub: SANDBOX_USER.sub,
      aud: [this.clientId],
      realmid: grant.realmId,
      auth_time: Math.floor(grant.createdAt / 1000),
      iat: now,
      exp: now + 3600,
    };
    const input = `${encode(header)}.${encode(claims)}`;
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
