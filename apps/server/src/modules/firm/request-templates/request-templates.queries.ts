import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { requestTemplates, users } from '../../../db/schema/index.js';

// Every query names the firm: a template is reached only through its own firm.

const columns = {
  template: requestTemplates,
  author: { pk: users.pk, firstName: users.firstName, lastName: users.lastName, email: users.email },
};

export type TemplateRow = typeof requestTemplates.$inferSelect;
export interface TemplateWithAuthor {
  template: TemplateRow;
  author: { pk: number; firstName: string | null; lastName: string | null; email: string } | null;
}

/** The firm's templates by name (case-insensitive), each with who saved it. */
export const listTemplates = (db: Db, firmId: number): Promise<TemplateWithAuthor[]> =>
  db
    .select(columns)
    .from(requestTemplates)
    .leftJoin(users, eq(users.pk, requestTemplates.createdBy))
    .where(eq(requestTemplates.firmId, firmId))
    .orderBy(asc(sql`lower(${requestTemplates.name})`), asc(requestTemplates.pk));

export const findTemplate = async (db: Db, firmId: number, pk: number): Promise<TemplateWithAuthor | null> => {
  const [row] = await db
    .select(columns)
    .from(requestTemplates)
    .leftJoin(users, eq(users.pk, requestTemplates.createdBy))
    .where(and(eq(requestTemplates.firmId, firmId), eq(requestTemplates.pk, pk)));
  return row ?? null;
};

/** Whether the firm has another template of this name, whatever its case (`exceptPk`: the one being renamed). */
export const nameTaken = async (db: Db, firmId: number, name: string, exceptPk: number | null) => {
  const [row] = await db
    .select({ pk: requestTemplates.pk })
    .from(requestTemplates)
    .where(
      and(eq(requestTemplates.firmId, firmId), sql`lower(${requestTemplates.name}) = lower(${name})`, exceptPk === null ? undefined : ne(requestTemplates.pk, exceptPk)),
    )
    .limit(1);
  return Boolean(row);
};

export const insertTemplates = (db: Db, values: (typeof requestTemplates.$inferInsert)[]) =>
  values.length === 0 ? Promise.resolve([]) : db.insert(requestTemplates).values(values).returning({ pk: requestTemplates.pk });

export const updateTemplate = async (db: Db, firmId: number, pk: number, values: Partial<typeof requestTemplates.$inferInsert>) => {
  const rows = await db
    .update(requestTemplates)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(requestTemplates.firmId, firmId), eq(requestTemplates.pk, pk)))
    .returning({ pk: requestTemplates.pk });
  return rows.length > 0;
};

export const deleteTemplate = async (db: Db, firmId: number, pk: number) => {
  const rows = await db
    .delete(requestTemplates)
    .where(and(eq(requestTemplates.firmId, firmId), eq(requestTemplates.pk, pk)))
    .returning({ pk: requestTemplates.pk });
  return rows.length > 0;
};
