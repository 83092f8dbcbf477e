import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { communicationFiles, communicationItems, communications, files } from '../../db/schema/index.js';

// Every read or write of a communication names its firm and client company: another tenant's row is never found.

/** Where a communication lives: the firm, and the client company within it. */
export interface CommunicationHome {
  firmId: number;
  companyPk: number;
}

export const inCommunicationHome = (home: CommunicationHome) => and(eq(communications.firmId, home.firmId), eq(communications.clientCompanyId, home.companyPk));

/**
 * A new communication, or null when a schedule's job already wrote this
 * occurrence (the unique schedule-and-day index refused a second one).
 */
export const insertCommunication = async (db: Db, values: typeof communications.$inferInsert) => {
  const [row] = await db.insert(communications).values(values).onConflictDoNothing().returning();
  return row ?? null;
};

export const findOccurrence = async (db: Db, home: CommunicationHome, schedulePk: number, occurrenceDate: string) => {
  const [row] = await db
    .select()
    .from(communications)
    .where(and(inCommunicationHome(home), eq(communications.recurringScheduleId, schedulePk), eq(communications.occurrenceDate, occurrenceDate)));
  return row ?? null;
};

export const insertItems = (db: Db, rows: (typeof communicationItems.$inferInsert)[]) =>
  rows.length === 0 ? Promise.resolve([]) : db.insert(communicationItems).values(rows).returning();

export const insertCommunicationFiles = (db: Db, rows: (typeof communicationFiles.$inferInsert)[]) =>
  rows.length === 0 ? Promise.resolve([]) : db.insert(communicationFiles).values(rows).returning();

/** Of these files, the pks the firm may attach to a communication of the company: the firm's own files, and the company's. */
export const usableFilePks = async (db: Db, home: CommunicationHome, filePks: number[]) => {
  if (filePks.length === 0) return new Set<number>();
  const rows = await db
    .select({ pk: files.pk })
    .from(files)
    .where(and(eq(files.firmId, home.firmId), inArray(files.pk, filePks), or(isNull(files.clientCompanyId), eq(files.clientCompanyId, home.companyPk))));
  return new Set(rows.map((r) => r.pk));
};
