import type { ClientCompany } from '@herd/contract';
import type { clientCompanies } from '../../db/schema/index.js';
import type { countClientUsers, findAssignments } from './client-companies.queries.js';

type Row = typeof clientCompanies.$inferSelect;
type Assignment = Awaited<ReturnType<typeof findAssignments>>[number];
type UserCount = Awaited<ReturnType<typeof countClientUsers>>[number];

export const toClientCompanies = (rows: Row[], assignments: Assignment[], userCounts: UserCount[]): ClientCompany[] =>
  rows.map((row) => ({
    pk: row.pk,
    name: row.name,
    connection_kind: row.connectionKind,
    connection_state: row.connectionState,
    sync_date: row.syncDate,
    client_editable_fields: row.clientEditableFields,
    reminder_schedule: row.reminderSchedule,
    pinned_note: row.pinnedNote,
    assigned_members: assignments
      .filter((a) => a.clientCompanyId === row.pk)
      .map((a) => ({ pk: a.pk, name: `${a.firstName} ${a.lastName}`.trim(), email: a.email })),
    client_users_count: userCounts.find((c) => c.clientCompanyId === row.pk)?.n ?? 0,
    created_at: row.createdAt.toISOString(),
  }));
