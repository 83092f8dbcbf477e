import { MAGIC_LINK_TTL_MS, PASSWORD_RESET_TTL_MS, details } from '@herd/contract';
import type { Db } from '../../../db/client.js';
import { randomToken, sha256 } from '../../../lib/crypto.js';
import { ValidationError } from '../../../lib/errors.js';
import { claimOneTimeCode, findOneTimeCode, insertOneTimeCode } from './auth.queries.js';

export type CodePurpose = 'MAGIC_LINK' | 'PASSWORD_RESET';

const TTL: Record<CodePurpose, number> = { MAGIC_LINK: MAGIC_LINK_TTL_MS, PASSWORD_RESET: PASSWORD_RESET_TTL_MS };

/** Makes a code and returns it in the clear: only its hash is stored, so this is the one chance to mail it. */
export const issueCode = async (db: Db, userId: number, purpose: CodePurpose): Promise<string> => {
  const code = randomToken();
  await insertOneTimeCode(db, {
    codeHash: sha256(code),
    userId,
    purpose,
    expiresAt: new Date(Date.now() + TTL[purpose]),
  });
  return code;
};

/** A code of this purpose, used or not; null when no such code was ever issued. */
export const lookupCode = async (db: Db, code: string, purpose: CodePurpose) => {
  const row = await findOneTimeCode(db, sha256(code));
  return row && row.purpose === purpose ? row : null;
};

/** Uses a code once; an unknown, expired or already used code is a 400 with a message that says so. */
export const redeemCode = async (db: Db, code: string, purpose: CodePurpose): Promise<number> => {
  const row = await lookupCode(db, code, purpose);
  if (!row) throw ValidationError.detail(details.codeInvalid);
  if (row.usedAt || row.expiresAt < new Date()) throw ValidationError.detail(details.codeUsedOrExpired);
  if (!(await claimOneTimeCode(db, row.pk))) throw ValidationError.detail(details.codeUsedOrExpired);
  return row.userId;
};
