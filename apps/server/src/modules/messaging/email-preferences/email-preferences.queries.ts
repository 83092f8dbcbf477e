import { and, eq } from 'drizzle-orm';
import type { EmailKind } from '@herd/contract';
import type { Db } from '../../../db/client.js';
import { emailOptOuts, users } from '../../../db/schema/index.js';

export type OptOutVia = (typeof emailOptOuts.$inferInsert)['via'];

export const listOptedOutKinds = async (db: Db, userId: number): Promise<EmailKind[]> =>
  (await db.select({ kind: emailOptOuts.kind }).from(emailOptOuts).where(eq(emailOptOuts.userId, userId))).map((r) => r.kind);

/** Turning a kind off twice keeps the first record (when and how it was first turned off). */
export const optOut = (db: Db, userId: number, kind: EmailKind, via: OptOutVia) => db.insert(emailOptOuts).values({ userId, kind, via }).onConflictDoNothing();

export const optIn = (db: Db, userId: number, kind: EmailKind) => db.delete(emailOptOuts).where(and(eq(emailOptOuts.userId, userId), eq(emailOptOuts.kind, kind)));

export const findUserEmail = async (db: Db, userId: number): Promise<string | null> => {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.pk, userId));
  return row?.email ?? null;
};
