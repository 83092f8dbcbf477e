import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { clientCompanies, firms } from '../db/schema/index.js';

/*
 * The firm's row and its client companies' rows, as every module reads them (who a message is from,
 * which company it is about) and as the two ways a company begins are written: added by the firm, or
 * created by connecting a ledger. What a company shows and who may change it stay the client-companies
 * module's.
 */

/** The firm's companies among these pks, as a subquery: another firm's pk there matches nothing. */
export const firmCompanyPks = (firmId: number, companyPks: number[]) =>
  sql`(select ${clientCompanies.pk} from ${clientCompanies} where ${clientCompanies.firmId} = ${firmId} and ${inArray(clientCompanies.pk, companyPks)})`;

/** A new client company of the firm, as written. */
export const insertCompany = async (db: Db, values: typeof clientCompanies.$inferInsert) => {
  const [row] = await db.insert(clientCompanies).values(values).returning();
  return row!;
};

/** One of the firm's client companies, or null when the pk is another firm's or none. */
export const findCompany = async (db: Db, firmId: number, pk: number) => {
  const [row] = await db
    .select()
    .from(clientCompanies)
    .where(and(eq(clientCompanies.firmId, firmId), eq(clientCompanies.pk, pk)));
  return row ?? null;
};

/** The firm's own row (its pk is the tenant): its name and brand, for what Herd sends in its name. */
export const findFirm = async (db: Db, firmId: number) => {
  const [row] = await db.select().from(firms).where(eq(firms.pk, firmId));
  return row ?? null;
};
