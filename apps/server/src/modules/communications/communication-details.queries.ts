import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { clientCompanies, communicationFiles, communicationItems, communications, communicationW9s, files, notes, users } from '../../db/schema/index.js';

// What a communication's answer shows besides its own row, read for a page of rows at once; every read names the firm.

export const itemsOf = (db: Db, communicationPks: number[]) =>
  db.select().from(communicationItems).where(inArray(communicationItems.communicationId, communicationPks)).orderBy(asc(communicationItems.position));

export const filesOf = (db: Db, firmId: number, communicationPks: number[]) =>
  db
    .select({ link: communicationFiles, file: files })
    .from(communicationFiles)
    .innerJoin(files, and(eq(files.pk, communicationFiles.fileId), eq(files.firmId, firmId)))
    .where(inArray(communicationFiles.communicationId, communicationPks))
    .orderBy(asc(communicationFiles.pk));

export const w9sOf = (db: Db, communicationPks: number[]) => db.select().from(communicationW9s).where(inArray(communicationW9s.communicationId, communicationPks));

export const signedFormsOf = (db: Db, firmId: number, filePks: number[]) =>
  filePks.length === 0
    ? Promise.resolve([])
    : db
        .select()
        .from(files)
        .where(and(eq(files.firmId, firmId), inArray(files.pk, filePks)));

export const companyNamesOf = (db: Db, firmId: number, companyPks: number[]) =>
  db
    .select({ pk: clientCompanies.pk, name: clientCompanies.name })
    .from(clientCompanies)
    .where(and(eq(clientCompanies.firmId, firmId), inArray(clientCompanies.pk, companyPks)));

/** Authors are people of the firm or its clients; only their names are read. */
export const peopleOf = (db: Db, userPks: number[]) =>
  userPks.length === 0
    ? Promise.resolve([])
    : db.select({ pk: users.pk, firstName: users.firstName, lastName: users.lastName, email: users.email }).from(users).where(inArray(users.pk, userPks));

export const noteCountsOf = (db: Db, firmId: number, communicationPks: number[]) =>
  db
    .select({ pk: notes.targetPk, n: count() })
    .from(notes)
    .where(and(eq(notes.firmId, firmId), eq(notes.targetType, 'COMMUNICATION'), inArray(notes.targetPk, communicationPks)))
    .groupBy(notes.targetPk);

/** Whether a communication (not hidden) of one of these companies of the firm holds the file: shared, an answer or a signed W-9. */
export const fileInCommunications = async (db: Db, firmId: number, companyPks: number[], filePk: number) => {
  if (companyPks.length === 0) return false;
  const [row] = await db
    .select({ pk: communicationFiles.pk })
    .from(communicationFiles)
    .innerJoin(communications, eq(communications.pk, communicationFiles.communicationId))
    .where(
      and(
        eq(communicationFiles.fileId, filePk),
        eq(communications.firmId, firmId),
        inArray(communications.clientCompanyId, companyPks),
        eq(communications.isHidden, false),
      ),
    )
    .limit(1);
  return row !== undefined;
};
