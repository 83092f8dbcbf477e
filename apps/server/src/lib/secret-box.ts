import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Encrypts integration secrets (ledger tokens) at rest with AES-256-GCM under
 * a key derived from SECRET_KEY. The stored form is `v1.<iv>.<tag>.<data>`,
 * base64url, so the scheme can change later without guessing.
 */
export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
}

export const createSecretBox = (secretKey: string): SecretBox => {
  const key = createHash('sha256').update(`herd:secret-box:${secretKey}`).digest();
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), data].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
    },
    open(sealed) {
      const [version, iv, tag, data] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('Not a sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
};
