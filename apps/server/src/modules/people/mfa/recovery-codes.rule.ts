import { randomBytes } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@herd/contract';
import { sha256 } from '../../../lib/crypto.js';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

/** Ten letters and digits of base32 (50 random bits), shown as `abcde-fghij`. */
const newRecoveryCode = (): string => {
  const letters = [...randomBytes(10)].map((byte) => ALPHABET[byte % 32]).join('');
  return `${letters.slice(0, 5)}-${letters.slice(5)}`;
};

/** The stored form: the SHA-256 of the code without its dash (the contract's field drops it, and any case). */
export const hashRecoveryCode = (normalized: string): string => sha256(`herd:recovery:${normalized}`);

/** A new set: the codes to show once, and the hashes to keep. */
export const newRecoveryCodes = (): { codes: string[]; hashes: string[] } => {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  return { codes, hashes: codes.map((code) => hashRecoveryCode(code.replace('-', ''))) };
};
