import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { clientCompanies } from '../../../db/schema/index.js';

/** The ledger's closed period as a pull (or the generic ledger's push) declared it, and when it was read. */
export const saveBooksLock = (db: Db, companyPk: number, closedThrough: string | null, at: Date) =>
  db.update(clientCompanies).set({ booksClosedThrough: closedThrough, booksLockReadAt: at }).where(eq(clientCompanies.pk, companyPk));
