import { and, eq, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { oneTimeCodes, pendingInvitationLinks } from '../../../db/schema/index.js';

/*
 * Sign-in links of people whose invitation is pending. Every query names the firm, except the look-up by
 * code: whoever opens a link is signed out and has only the code, whose hash is unique.
 */

export const insertInvitationLink = (db: Db, values: typeof pendingInvitationLinks.$inferInsert) => db.insert(pendingInvitationLinks).values(values);

export const findInvitationLink = async (db: Db, codeHash: string) => {
  const [row] = await db.select().from(pendingInvitationLinks).where(eq(pendingInvitationLinks.codeHash, codeHash));
  return row ?? null;
};

/** Uses a link once: of two clicks at the same moment only one claims it. */
export const claimInvitationLink = async (db: Db, firmId: number, pk: number): Promise<boolean> => {
  const rows = await db
    .update(pendingInvitationLinks)
    .set({ usedAt: new Date() })
    .where(and(eq(pendingInvitationLinks.firmId, firmId), eq(pendingInvitationLinks.pk, pk), isNull(pendingInvitationLinks.usedAt)))
    .returning({ pk: pendingInvitationLinks.pk });
  return rows.length === 1;
};

/**
 * The person now exists: their copied links become ordinary sign-in links of the user (same hash, expiry and
 * use), so a link copied before the invitation was taken up keeps working, once, until it expires.
 */
export const moveInvitationLinksToUser = async (db: Db, firmId: number, reservedUserPk: number, userPk: number) => {
  const where = and(eq(pendingInvitationLinks.firmId, firmId), eq(pendingInvitationLinks.userPk, reservedUserPk));
  const links = await db.select().from(pendingInvitationLinks).where(where);
  if (links.length === 0) return;
  await db
    .insert(oneTimeCodes)
    .values(
      links.map((l) => ({ codeHash: l.codeHash, userId: userPk, purpose: 'MAGIC_LINK' as const, expiresAt: l.expiresAt, usedAt: l.usedAt, createdAt: l.createdAt })),
    );
  await db.delete(pendingInvitationLinks).where(where);
};

/** Maintenance: links a week past their expiry (their invitation may have been removed or never taken up). */
export const deleteExpiredInvitationLinks = (db: Db, before: Date) => db.delete(pendingInvitationLinks).where(lt(pendingInvitationLinks.expiresAt, before));
