import { and, eq, lt, ne } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { sessions } from '../../../db/schema/index.js';

// No tenant: a session is found by the hash of its secret token, or by its own user when signing that user out.

export const insertSession = (db: Db, values: typeof sessions.$inferInsert) => db.insert(sessions).values(values);

export const touchSession = (db: Db, tokenHash: string, expiresAt: Date) =>
  db.update(sessions).set({ lastSeenAt: new Date(), expiresAt }).where(eq(sessions.tokenHash, tokenHash));

export const markSessionVerified = (db: Db, tokenHash: string) => db.update(sessions).set({ mfaVerified: true }).where(eq(sessions.tokenHash, tokenHash));

export const deleteSession = (db: Db, tokenHash: string) => db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));

/** Signs a user out everywhere, except (optionally) the session making the change. */
export const deleteUserSessions = (db: Db, userId: number, keepTokenHash?: string) =>
  db.delete(sessions).where(keepTokenHash ? and(eq(sessions.userId, userId), ne(sessions.tokenHash, keepTokenHash)) : eq(sessions.userId, userId));

export const deleteExpiredSessions = (db: Db) => db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
