import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { webhookDeliveries } from '../../../db/schema/index.js';

// No tenant: a delivery is known by its ledger and the digest of its signed body, before anyone knows which firm it concerns.

export const deliverySeen = async (db: Db, provider: string, digest: string): Promise<boolean> => {
  const [row] = await db
    .select({ digest: webhookDeliveries.digest })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.provider, provider), eq(webhookDeliveries.digest, digest)));
  return row !== undefined;
};

export const recordDelivery = (db: Db, provider: string, digest: string) => db.insert(webhookDeliveries).values({ provider, digest }).onConflictDoNothing();

export const deleteDeliveriesBefore = (db: Db, before: Date) => db.delete(webhookDeliveries).where(lt(webhookDeliveries.receivedAt, before));
