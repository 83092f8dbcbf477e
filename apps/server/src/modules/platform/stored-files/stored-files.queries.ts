import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { files, firms, transactionAttachments, transactions } from '../../../db/schema/index.js';

// A file is read, deleted or unlinked only within the firm that owns it.

export const insertFile = async (db: Db, values: typeof files.$inferInsert) => {
  const [row] = await db.insert(files).values(values).returning();
  return row!;
};

export const findFile = async (db: Db, firmId: number, pk: number) => {
  const [row] = await db
    .select()
    .from(files)
    .where(and(eq(files.firmId, firmId), eq(files.pk, pk)));
  return row ?? null;
};

export const deleteFileRow = (db: Db, firmId: number, pk: number) => db.delete(files).where(and(eq(files.firmId, firmId), eq(files.pk, pk)));

/** A deleted logo file must not leave the firm pointing at nothing. */
export const clearLogoReferences = (db: Db, firmId: number, filePk: number) =>
  db
    .update(firms)
    .set({ logoFileId: null })
    .where(and(eq(firms.pk, firmId), eq(firms.logoFileId, filePk)));

export const isFirmLogo = async (db: Db, firmId: number, filePk: number) => {
  const [row] = await db
    .select({ pk: firms.pk })
    .from(firms)
    .where(and(eq(firms.pk, firmId), eq(firms.logoFileId, filePk)));
  return row !== undefined;
};

/** The company's transactions the file is attached to. */
export const findAttachingTransactionPks = async (db: Db, companyPk: number, filePk: number) =>
  (
    await db
      .select({ pk: transactions.pk })
      .from(transactionAttachments)
      .innerJoin(transactions, eq(transactions.pk, transactionAttachments.transactionId))
      .where(and(eq(transactions.clientCompanyId, companyPk), eq(transactionAttachments.fileId, filePk)))
  ).map((r) => r.pk);
