import { and, asc, count, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { clientCompanies, clientCompanyAssignments, clientMemberships, firmMembers, ledgerConnections, pendingInvitations } from '../../../db/schema/index.js';
import type { FirmActor } from '../../../kernel/permissions.js';
import { visibleCompaniesWhere } from '../../../kernel/visible-companies.js';
import { firmCompanyPks } from '../../../kernel/companies.queries.js';

type ClientCompanyRow = typeof clientCompanies.$inferSelect;

const ORDER = {
  name: [asc(sql`lower(${clientCompanies.name})`), asc(clientCompanies.pk)],
  '-name': [desc(sql`lower(${clientCompanies.name})`), desc(clientCompanies.pk)],
  created_at: [asc(clientCompanies.createdAt), asc(clientCompanies.pk)],
  '-created_at': [desc(clientCompanies.createdAt), desc(clientCompanies.pk)],
} as const;

export interface CompanyListFilter {
  search?: string | undefined;
  connectionKind?: ClientCompanyRow['connectionKind'] | undefined;
  connectionState?: ClientCompanyRow['connectionState'] | undefined;
  hasClientUsers?: boolean | undefined;
  ordering: keyof typeof ORDER;
  limit: number;
  offset: number;
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

export const listCompanies = async (db: Db, actor: FirmActor, filter: CompanyListFilter) => {
  const where = and(
    visibleCompaniesWhere(actor),
    filter.search ? ilike(clientCompanies.name, `%${escapeLike(filter.search)}%`) : undefined,
    filter.connectionKind ? eq(clientCompanies.connectionKind, filter.connectionKind) : undefined,
    filter.connectionState ? eq(clientCompanies.connectionState, filter.connectionState) : undefined,
    filter.hasClientUsers === undefined
      ? undefined
      : // A pending invitation counts as a user, as an invitation the job has taken up does.
        sql`${filter.hasClientUsers ? sql`` : sql`not`} (exists (select 1 from ${clientMemberships} where ${clientMemberships.clientCompanyId} = ${clientCompanies.pk})
          or exists (select 1 from ${pendingInvitations} where ${pendingInvitations.clientCompanyId} = ${clientCompanies.pk}))`,
  );
  const [total] = await db.select({ n: count() }).from(clientCompanies).where(where);
  const rows = await db
    .select()
    .from(clientCompanies)
    .where(where)
    .orderBy(...ORDER[filter.ordering])
    .limit(filter.limit)
    .offset(filter.offset);
  return { count: total?.n ?? 0, rows };
};

/** The updated company, or null when the firm has no such company. */
export const updateCompany = async (db: Db, firmId: number, pk: number, values: Partial<typeof clientCompanies.$inferInsert>) => {
  const [row] = await db
    .update(clientCompanies)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(clientCompanies.firmId, firmId), eq(clientCompanies.pk, pk)))
    .returning();
  return row ?? null;
};

export const disconnectFirmCompanies = (db: Db, firmId: number) =>
  db
    .update(clientCompanies)
    .set({ connectionState: 'DISCONNECTED', updatedAt: new Date() })
    .where(and(eq(clientCompanies.firmId, firmId), sql`${clientCompanies.connectionState} <> 'DISCONNECTED'`))
    .returning();

/** Users per company, pending invitations included (one per person invited to the company). */
export const countClientUsers = async (db: Db, firmId: number, companyPks: number[]) => {
  if (companyPks.length === 0) return [];
  const users = await db
    .select({ clientCompanyId: clientMemberships.clientCompanyId, n: count() })
    .from(clientMemberships)
    .where(inArray(clientMemberships.clientCompanyId, firmCompanyPks(firmId, companyPks)))
    .groupBy(clientMemberships.clientCompanyId);
  const pending = await db
    .select({ clientCompanyId: sql<number>`${pendingInvitations.clientCompanyId}`, n: count() })
    .from(pendingInvitations)
    .where(and(eq(pendingInvitations.firmId, firmId), inArray(pendingInvitations.clientCompanyId, firmCompanyPks(firmId, companyPks))))
    .groupBy(pendingInvitations.clientCompanyId);
  const totals = new Map<number, number>();
  for (const row of [...users, ...pending]) totals.set(row.clientCompanyId, (totals.get(row.clientCompanyId) ?? 0) + row.n);
  return [...totals].map(([clientCompanyId, n]) => ({ clientCompanyId, n }));
};

/** Which of these firm-member pks belong to the firm (assignments may not cross firms). */
export const findFirmMemberPks = async (db: Db, firmId: number, pks: number[]) =>
  pks.length === 0
    ? []
    : (
        await db
          .select({ pk: firmMembers.pk })
          .from(firmMembers)
          .where(and(eq(firmMembers.firmId, firmId), inArray(firmMembers.pk, pks)))
      ).map((r) => r.pk);

/** Only a company of the firm, and only members of the same firm, are (un)assigned. */
export const replaceAssignments = async (db: Db, firmId: number, companyPk: number, memberPks: number[]) => {
  await db.delete(clientCompanyAssignments).where(inArray(clientCompanyAssignments.clientCompanyId, firmCompanyPks(firmId, [companyPk])));
  if (memberPks.length > 0) {
    await db.insert(clientCompanyAssignments).select(
      db
        .select({ clientCompanyId: clientCompanies.pk, firmMemberId: firmMembers.pk })
        .from(clientCompanies)
        .innerJoin(firmMembers, eq(firmMembers.firmId, clientCompanies.firmId))
        .where(and(eq(clientCompanies.firmId, firmId), eq(clientCompanies.pk, companyPk), inArray(firmMembers.pk, memberPks))),
    );
  }
};

export const findLedgerConnections = (db: Db, firmId: number, companyPks: number[]) =>
  companyPks.length === 0
    ? Promise.resolve([])
    : db
        .select()
        .from(ledgerConnections)
        .where(inArray(ledgerConnections.clientCompanyId, firmCompanyPks(firmId, companyPks)));
