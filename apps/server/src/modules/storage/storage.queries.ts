import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { files, firms } from '../../db/schema/index.js';

export const insertFile = async (db: Db, values: typeof files.$inferInsert) => {
  const [row] = await db.insert(files).values(values).returning();
  return row!;
};

export const findFile = async (db: Db, pk: number) => {
  const [row] = await db.select().from(files).where(eq(files.pk, pk));
  return row ?? null;
};

export const deleteFileRow = (db: Db, pk: number) => db.delete(files).where(eq(files.pk, pk));

/** A deleted logo file must not leave the firm pointing at nothing. */
export const clearLogoReferences = (db: Db, filePk: number) =>
  db.update(firms).set({ logoFileId: null }).where(eq(firms.logoFileId, filePk));
