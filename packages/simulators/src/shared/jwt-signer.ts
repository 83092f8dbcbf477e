import { createSign, generateKeyPairSync, type KeyObject } from 'node:crypto';

type Json = Record<string, unknown>;

const encode = (value: object): string => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * Signs JWTs (OpenID id_tokens) with RS256 under one key id, with a key made on first use (key
 * generation costs tens of milliseconds, so a simulator that never sees `openid` never pays it).
 * The public half is served as a JWKS so a client can verify the signature end to end. Each
 * simulator decides its claims; this only signs them.
 */
export class JwtSigner {
  private keys?: { privateKey: KeyObject; publicKey: KeyObject };

  constructor(
    private readonly keyId: string,
    private readonly headerExtra: Json = {},
  ) {}

  sign(claims: Json): string {
    const input = `${encode({ alg: 'RS256', kid: this.keyId, ...this.headerExtra })}.${encode(claims)}`;
    const signature = createSign('RSA-SHA256').update(input).sign(this.keyPair().privateKey).toString('base64url');
    return `${input}.${signature}`;
  }

  jwks(): Json {
    const jwk = this.keyPair().publicKey.export({ format: 'jwk' });
    return { keys: [{ kty: jwk.kty ?? 'RSA', n: jwk.n ?? '', e: jwk.e ?? '', kid: this.keyId, alg: 'RS256', use: 'sig' }] };
  }

  private keyPair(): { privateKey: KeyObject; publicKey: KeyObject } {
    this.keys ??= generateKeyPairSync('rsa', { modulusLength: 2048 });
    return this.keys;
  }
}
