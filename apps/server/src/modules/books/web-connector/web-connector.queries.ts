import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { clientCompanies, webConnectorLogins, webConnectorRuns, type WebConnectorOutcome } from '../../../db/schema/index.js';

export type WebConnectorLogin = typeof webConnectorLogins.$inferSelect;
export type WebConnectorRun = typeof webConnectorRuns.$inferSelect;

/** A login by the user name a Web Connector sent, with its company (the company's kind and state decide whether it may run). */
export const findLoginByUserName = async (db: Db, userName: string) => {
  const [row] = await db
    .select({ login: webConnectorLogins, company: clientCompanies })
    .from(webConnectorLogins)
    .innerJoin(clientCompanies, eq(clientCompanies.pk, webConnectorLogins.clientCompanyId))
    .where(eq(webConnectorLogins.userName, userName));
  return row ?? null;
};

export const findLoginOfCompany = async (db: Db, companyPk: number) => {
  const [row] = await db.select().from(webConnectorLogins).where(eq(webConnectorLogins.clientCompanyId, companyPk));
  return row ?? null;
};

/** Makes the company's login unless it has one (two first calls at once make one). */
export const ensureLogin = async (db: Db, values: typeof webConnectorLogins.$inferInsert) => {
  await db.insert(webConnectorLogins).values(values).onConflictDoNothing({ target: webConnectorLogins.clientCompanyId });
  return (await findLoginOfCompany(db, values.clientCompanyId))!;
};

export const updateLogin = (db: Db, companyPk: number, values: Partial<typeof webConnectorLogins.$inferInsert>) =>
  db
    .update(webConnectorLogins)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(webConnectorLogins.clientCompanyId, companyPk));

export const insertRun = async (db: Db, values: { clientCompanyId: number; ticketHash: string }) => {
  const [row] = await db.insert(webConnectorRuns).values(values).returning();
  return row!;
};

/** A run by its ticket's hash, with its company. */
export const findRunByTicket = async (db: Db, ticketHash: string) => {
  const [row] = await db
    .select({ run: webConnectorRuns, company: clientCompanies })
    .from(webConnectorRuns)
    .innerJoin(clientCompanies, eq(clientCompanies.pk, webConnectorRuns.clientCompanyId))
    .where(eq(webConnectorRuns.ticketHash, ticketHash));
  return row ?? null;
};

export const updateRun = (db: Db, run: Pick<WebConnectorRun, 'pk' | 'clientCompanyId'>, values: Partial<typeof webConnectorRuns.$inferInsert>) =>
  db
    .update(webConnectorRuns)
    .set({ ...values, lastCallAt: new Date() })
    .where(and(eq(webConnectorRuns.pk, run.pk), eq(webConnectorRuns.clientCompanyId, run.clientCompanyId)));

/** Ends a run that is still running (a run already ended keeps how it ended). */
export const endRun = (db: Db, run: Pick<WebConnectorRun, 'pk' | 'clientCompanyId'>, outcome: Exclude<WebConnectorOutcome, 'RUNNING'>, lastError: string | null) =>
  db
    .update(webConnectorRuns)
    .set({ outcome, lastError, endedAt: new Date(), lastCallAt: new Date() })
    .where(and(eq(webConnectorRuns.pk, run.pk), eq(webConnectorRuns.clientCompanyId, run.clientCompanyId), eq(webConnectorRuns.outcome, 'RUNNING')));

export const lastRunOfCompany = async (db: Db, companyPk: number) => {
  const [row] = await db
    .select()
    .from(webConnectorRuns)
    .where(eq(webConnectorRuns.clientCompanyId, companyPk))
    .orderBy(desc(webConnectorRuns.startedAt), desc(webConnectorRuns.pk))
    .limit(1);
  return row ?? null;
};
