import type { ClientCompany } from '@herd/contract';
import type { clientCompanies } from '../../../db/schema/index.js';
import type { countClientUsers, findLedgerConnections } from './client-companies.queries.js';
import type { findAssignments } from '../../../kernel/company-membership.js';
import { syncInfo } from '../ledger-connections/ledger-connections.face.js';

type Row = typeof clientCompanies.$inferSelect;
type Assignment = Omit<Awaited<ReturnType<typeof findAssignments>>[number], 'userId'>;
type UserCount = Awaited<ReturnType<typeof countClientUsers>>[number];
type Connection = Awaited<ReturnType<typeof findLedgerConnections>>[number];

const syncOfCompany = (connections: Connection[], connectorRuns: ConnectorRuns, companyPk: number) => {
  const connection = connections.find((c) => c.clientCompanyId === companyPk);
  return connection ? syncInfo(connection, connectorRuns.get(companyPk) ?? null) : null;
};

/** Each QuickBooks Desktop company's next expected Web Connector run, by company pk. */
type ConnectorRuns = ReadonlyMap<number, Date | null>;

export const toClientCompanies = (
  rows: Row[],
  assignments: Assignment[],
  userCounts: UserCount[],
  connections: Connection[],
  connectorRuns: ConnectorRuns,
  openFindings: ReadonlyMap<number, number>,
): ClientCompany[] =>
  rows.map((row) => ({
    pk: row.pk,
    name: row.name,
    connection_kind: row.connectionKind,
    connection_state: row.connectionState,
    sync_date: row.syncDate,
    client_editable_fields: row.clientEditableFields,
    finish_rule: row.finishRule,
    reminder_schedule: row.reminderSchedule,
    ask_rules: row.askRules,
    pinned_note: row.pinnedNote,
    assigned_members: assignments.filter((a) => a.clientCompanyId === row.pk).map((a) => ({ pk: a.pk, name: `${a.firstName} ${a.lastName}`.trim(), email: a.email })),
    client_users_count: userCounts.find((c) => c.clientCompanyId === row.pk)?.n ?? 0,
    review_findings: openFindings.get(row.pk) ?? 0,
    books_closed_through: row.booksClosedThrough,
    ledger_sync: syncOfCompany(connections, connectorRuns, row.pk),
    created_at: row.createdAt.toISOString(),
  }));
