import type { Db } from '../../db/client.js';
import { bannerDismissals } from '../../db/schema/index.js';

export const insertDismissal = (db: Db, bannerId: number, userId: number) =>
  db.insert(bannerDismissals).values({ bannerId, userId }).onConflictDoNothing();
