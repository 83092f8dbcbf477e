import { and, count, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { firmMembers, mfaRecoveryCodes, mfaSmsCodes, users } from '../../../db/schema/index.js';

// A person's own second factor: found by their user pk, the tenant of these rows. The firm admin's
// queries (member MFA) carry the firm in the WHERE.

export const findMfaUser = async (db: Db, userId: number) => {
  const [row] = await db
    .select({
      pk: users.pk,
      email: users.email,
      firstName: users.firstName,
      phone: users.phone,
      mfaMethod: users.mfaMethod,
      totpSecret: users.totpSecret,
      mfaPhone: users.mfaPhone,
    })
    .from(users)
    .where(and(eq(users.pk, userId), eq(users.isActive, true)));
  return row ?? null;
};

export const setPendingTotpSecret = (db: Db, userId: number, sealed: string) => db.update(users).set({ totpSecret: sealed }).where(eq(users.pk, userId));

/**
 * Takes a TOTP step for the user unless that step or a later one was already taken: one statement,
 * so two requests carrying the same code cannot both pass.
 */
export const claimTotpStep = async (db: Db, userId: number, step: number): Promise<boolean> => {
  const rows = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.pk, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ pk: users.pk });
  return rows.length > 0;
};

export const setUserMfa = (
  db: Db,
  userId: number,
  values: { mfaMethod: 'TOTP' | 'SMS' | null; mfaPhone?: string | null; totpSecret?: string | null; totpLastStep?: number | null },
) => db.update(users).set(values).where(eq(users.pk, userId));

/** `is_mfa_setup` of the user's firm membership, if they have one. */
export const setMemberMfaSetup = (db: Db, userId: number, isMfaSetup: boolean) => db.update(firmMembers).set({ isMfaSetup }).where(eq(firmMembers.userId, userId));

export const replaceRecoveryCodes = async (db: Db, userId: number, hashes: string[]) => {
  await db.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
  if (hashes.length > 0) await db.insert(mfaRecoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
};

export const unusedRecoveryCodes = (db: Db, userId: number) =>
  db
    .select({ pk: mfaRecoveryCodes.pk, codeHash: mfaRecoveryCodes.codeHash })
    .from(mfaRecoveryCodes)
    .where(and(eq(mfaRecoveryCodes.userId, userId), isNull(mfaRecoveryCodes.usedAt)));

export const countUnusedRecoveryCodes = async (db: Db, userId: number) => {
  const [row] = await db
    .select({ n: count() })
    .from(mfaRecoveryCodes)
    .where(and(eq(mfaRecoveryCodes.userId, userId), isNull(mfaRecoveryCodes.usedAt)));
  return row?.n ?? 0;
};

/** Uses a recovery code once: false when another request used it first. */
export const claimRecoveryCode = async (db: Db, userId: number, pk: number): Promise<boolean> => {
  const rows = await db
    .update(mfaRecoveryCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(mfaRecoveryCodes.pk, pk), eq(mfaRecoveryCodes.userId, userId), isNull(mfaRecoveryCodes.usedAt)))
    .returning({ pk: mfaRecoveryCodes.pk });
  return rows.length > 0;
};

type SmsPurpose = 'SIGN_IN' | 'SETUP';

/** A new SMS code of this purpose; the user's earlier ones of the same purpose stop working. */
export const replaceSmsCode = async (db: Db, values: { userId: number; purpose: SmsPurpose; phone: string; codeHash: string; expiresAt: Date }) => {
  await db.delete(mfaSmsCodes).where(and(eq(mfaSmsCodes.userId, values.userId), eq(mfaSmsCodes.purpose, values.purpose)));
  await db.insert(mfaSmsCodes).values(values);
};

export const latestSmsCode = async (db: Db, userId: number, purpose: SmsPurpose) => {
  const [row] = await db
    .select()
    .from(mfaSmsCodes)
    .where(and(eq(mfaSmsCodes.userId, userId), eq(mfaSmsCodes.purpose, purpose)))
    .orderBy(desc(mfaSmsCodes.pk))
    .limit(1);
  return row ?? null;
};

/** Counts one more try of an SMS code and answers how many it has had. */
export const countSmsAttempt = async (db: Db, userId: number, pk: number): Promise<number> => {
  const [row] = await db
    .update(mfaSmsCodes)
    .set({ attempts: sql`${mfaSmsCodes.attempts} + 1` })
    .where(and(eq(mfaSmsCodes.pk, pk), eq(mfaSmsCodes.userId, userId)))
    .returning({ attempts: mfaSmsCodes.attempts });
  return row?.attempts ?? Number.MAX_SAFE_INTEGER;
};

export const claimSmsCode = async (db: Db, userId: number, pk: number): Promise<boolean> => {
  const rows = await db
    .update(mfaSmsCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(mfaSmsCodes.pk, pk), eq(mfaSmsCodes.userId, userId), isNull(mfaSmsCodes.usedAt)))
    .returning({ pk: mfaSmsCodes.pk });
  return rows.length > 0;
};

export const deleteSmsCodes = (db: Db, userId: number) => db.delete(mfaSmsCodes).where(eq(mfaSmsCodes.userId, userId));

/** What turning one's own second factor off looks at: the password, and whether the person's firm membership requires MFA (null: no membership). */
export const findOwnMfaStanding = async (db: Db, userId: number) => {
  const [row] = await db
    .select({ passwordHash: users.passwordHash, role: firmMembers.role, mfaEnabled: firmMembers.mfaEnabled })
    .from(users)
    .leftJoin(firmMembers, eq(firmMembers.userId, users.pk))
    .where(and(eq(users.pk, userId), eq(users.isActive, true)));
  return row ?? null;
};

/** A member of the firm with their user's method; another firm's member is not found. */
export const findMemberMfa = async (db: Db, firmId: number, memberPk: number) => {
  const [row] = await db
    .select({
      pk: firmMembers.pk,
      userId: firmMembers.userId,
      role: firmMembers.role,
      mfaEnabled: firmMembers.mfaEnabled,
      isMfaSetup: firmMembers.isMfaSetup,
      mfaMethod: users.mfaMethod,
    })
    .from(firmMembers)
    .innerJoin(users, eq(users.pk, firmMembers.userId))
    .where(and(eq(firmMembers.firmId, firmId), eq(firmMembers.pk, memberPk)));
  return row ?? null;
};

export const setMemberMfaFlags = (db: Db, firmId: number, memberPk: number, values: { mfaEnabled?: boolean; isMfaSetup?: boolean }) =>
  db
    .update(firmMembers)
    .set(values)
    .where(and(eq(firmMembers.firmId, firmId), eq(firmMembers.pk, memberPk)));
