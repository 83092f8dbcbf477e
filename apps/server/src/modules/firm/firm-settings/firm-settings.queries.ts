import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { firms } from '../../../db/schema/index.js';

// The firm row's own pk is the tenant: callers pass the actor's firm id, so there is nothing else to scope by.

export const findFirmByPk = async (db: Db, pk: number) => {
  const [row] = await db.select().from(firms).where(eq(firms.pk, pk));
  return row ?? null;
};

export const updateFirm = async (db: Db, pk: number, values: Partial<typeof firms.$inferInsert>) => {
  const [row] = await db.update(firms).set(values).where(eq(firms.pk, pk)).returning();
  return row!;
};
