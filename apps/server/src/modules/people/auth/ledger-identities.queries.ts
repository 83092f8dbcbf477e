import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { ledgerIdentities } from '../../../db/schema/index.js';

/** The Herd user a ledger's identity (Xero's user id) was linked to, if any. */
export const findUserIdByLedgerIdentity = async (db: Db, provider: string, subject: string): Promise<number | null> => {
  const [row] = await db
    .select({ userId: ledgerIdentities.userId })
    .from(ledgerIdentities)
    .where(and(eq(ledgerIdentities.provider, provider), eq(ledgerIdentities.subject, subject)));
  return row?.userId ?? null;
};

/**
 * Links a ledger identity to a Herd user; one identity names one user, the last who proved both
 * (connected or signed up with it, or signed in by a vouched email).
 */
export const linkLedgerIdentity = (db: Db, input: { provider: string; subject: string; userId: number }) =>
  db
    .insert(ledgerIdentities)
    .values(input)
    .onConflictDoUpdate({ target: [ledgerIdentities.provider, ledgerIdentities.subject], set: { userId: input.userId } });
