import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { users } from '../../../db/schema/index.js';

export interface TextingClient {
  userId: number;
  firstName: string;
}

const digitsOf = (column: typeof users.phone | typeof users.mfaPhone) => sql<string>`regexp_replace(coalesce(${column}, ''), '[^0-9]', '', 'g')`;

/**
 * Whether a number as a person typed it in their profile is this sender's. Written with its country
 * code (a leading +) it must be the same number; written without, as people do for a home number, its
 * last ten or more digits must end the sender's number.
 */
export const samePhone = (typed: string | null, sender: string): boolean => {
  if (!typed) return false;
  const digits = typed.replace(/\D/g, '');
  const senderDigits = sender.replace(/\D/g, '');
  if (typed.trim().startsWith('+')) return digits === senderDigits;
  return digits.length >= 10 && senderDigits.endsWith(digits);
};

/**
 * The active client users whose profile phone, or the phone confirmed for sign-in codes, is the
 * sender's. Several are possible (one person with a login at two firms); the caller decides.
 */
export const clientsTextingFrom = async (db: Db, sender: string): Promise<TextingClient[]> => {
  const senderDigits = sender.replace(/\D/g, '');
  const endsSender = (column: typeof users.phone | typeof users.mfaPhone) =>
    sql`(length(${digitsOf(column)}) >= 10 and right(${senderDigits}, length(${digitsOf(column)})) = ${digitsOf(column)})`;
  const rows = await db
    .select({ userId: users.pk, firstName: users.firstName, phone: users.phone, mfaPhone: users.mfaPhone })
    .from(users)
    .where(and(inArray(users.accountType, ['CLIENT', 'CLIENT_COWORKER']), eq(users.isActive, true), sql`(${endsSender(users.phone)} or ${endsSender(users.mfaPhone)})`));
  return rows.filter((row) => samePhone(row.phone, sender) || samePhone(row.mfaPhone, sender)).map(({ userId, firstName }) => ({ userId, firstName }));
};
