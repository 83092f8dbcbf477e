import { createECDH, hkdfSync } from 'node:crypto';

/** The order of P-256's group: a private key is a number from 1 to one below it. */
const P256_ORDER = BigInt('0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551');

export interface VapidKeys {
  /** The uncompressed public point, base64url (65 bytes): what browsers subscribe with. */
  publicKey: string;
  /** The private scalar, base64url (32 bytes). */
  privateKey: string;
}

/**
 * The server's VAPID key pair (RFC 8292), derived from SECRET_KEY so that every API and worker process
 * of an install signs with the same pair, made once and kept with no storage of its own. A new
 * SECRET_KEY makes a new pair; browsers then subscribe again on their next visit (docs/phone-app.md).
 */
export const vapidKeysFrom = (secretKey: string): VapidKeys => {
  for (let round = 0; ; round += 1) {
    const scalar = Buffer.from(hkdfSync('sha256', secretKey, 'herd:web-push', `vapid:${round}`, 32));
    const value = BigInt(`0x${scalar.toString('hex')}`);
    // Out of range about once in four billion tries: derive the next candidate.
    if (value === 0n || value >= P256_ORDER) continue;
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(scalar);
    return { publicKey: ecdh.getPublicKey().toString('base64url'), privateKey: scalar.toString('base64url') };
  }
};
