import type { FastifyBaseLogger } from 'fastify';
import type { ClientCompany, ClientCompanyUpdateBody } from '@herd/contract';
import { type z } from 'zod';
import { type clientCompanyCreateBody, type clientCompanyCsvQuery, type clientCompanyListQuery } from '@herd/contract';
import type { Db } from '../../../db/client.js';
import { NotFoundError, ValidationError } from '../../../lib/errors.js';
import { pageLinks } from '../../../lib/pagination.js';
import { writeAudit } from '../../../kernel/audit.queries.js';
import { type Actor } from '../../../kernel/actor.js';
import { can } from '../../../kernel/permissions.js';
import {
  countClientUsers,
  findLedgerConnections,
  disconnectFirmCompanies,
  findFirmMemberPks,
  listCompanies,
  replaceAssignments,
  updateCompany,
} from './client-companies.queries.js';
import { clientCompaniesCsv } from './client-companies-csv.format.js';
import { toClientCompanies } from './client-companies.view.js';
import { revokeLedgerGrants, type GrantDeps } from '../ledger-connections/ledger-connections.face.js';
import { insertCompany } from '../../../kernel/companies.queries.js';
import { findAssignments } from '../../../kernel/company-membership.js';
import { companyAccess } from '../../../kernel/company-access.js';
import { finishRuleAfterUpdate } from './finish-rule-settings.rule.js';
import { revokeTokensOf } from '../generic/generic.face.js';
import type { JobQueue } from '../../../jobs/job-queue.js';
import { queueQuantitySync } from '../../firm/billing/billing.face.js';
import { prepareWebConnector } from '../web-connector/web-connector.face.js';
import { applyAskRules } from '../transactions/transactions.face.js';
import { countOpenFindings } from '../review-checks/review-checks.face.js';
import { nextConnectorRuns } from '../ledger-connections/ledger-connections.face.js';
import { findPendingAssignments, findPendingCoworkerPks, replacePendingAssignments } from '../../people/invitations/invitations.face.js';
import type { AppDeps } from '../../../app-deps.js';

/** The members assigned to each company, coworkers whose invitation is pending among them, in name order. */
const assignedMembersOf = async (db: Db, firmId: number, companyPks: number[]) => {
  const all = [...(await findAssignments(db, firmId, companyPks)), ...(await findPendingAssignments(db, firmId, companyPks))];
  const byName = (a: (typeof all)[number]) => [a.firstName, a.lastName] as const;
  return all.sort((a, b) => {
    const [af, al] = byName(a);
    const [bf, bl] = byName(b);
    return af < bf ? -1 : af > bf ? 1 : al < bl ? -1 : al > bl ? 1 : a.pk - b.pk;
  });
};

type ListQuery = z.infer<typeof clientCompanyListQuery>;
const CSV_EXPORT_LIMIT = 10_000;

const serializeOne = async (db: Db, row: Parameters<typeof toClientCompanies>[0][number]): Promise<ClientCompany> => {
  const [company] = toClientCompanies(
    [row],
    await assignedMembersOf(db, row.firmId, [row.pk]),
    await countClientUsers(db, row.firmId, [row.pk]),
    await findLedgerConnections(db, row.firmId, [row.pk]),
    await nextConnectorRuns(db, row.firmId, [row.pk]),
    await countOpenFindings(db, row.firmId, [row.pk]),
  );
  return company!;
};

/** Updates a company of the firm; one the firm does not have is 404. */
const updateFirmCompany = async (db: Db, firmId: number, pk: number, values: Parameters<typeof updateCompany>[3]) => {
  const row = await updateCompany(db, firmId, pk, values);
  if (!row) throw new NotFoundError();
  return row;
};

/** What creating and disconnecting need beyond the database: the ledgers (to revoke grants) and the job queue (billing follows the count). */
type CompanyDeps = GrantDeps & { jobs: JobQueue };

export const createClientCompany = async (
  deps: Pick<AppDeps, 'db' | 'jobs' | 'config'>,
  actor: Actor,
  input: z.infer<typeof clientCompanyCreateBody>,
): Promise<ClientCompany> => {
  const { db } = deps;
  const firmActor = can.manageClientCompanies(actor);
  const row = await db.transaction(async (tx) => {
    const created = await insertCompany(tx, { firmId: firmActor.firmId, name: input.name, connectionKind: input.connection_kind });
    if (input.connection_kind === 'QBD') await prepareWebConnector(tx, created.pk, deps.config.sandboxes);
    await writeAudit(tx, {
      firmId: firmActor.firmId,
      actorUserId: actor.userId,
      action: 'client_company.create',
      targetType: 'client_company',
      targetPk: created.pk,
      details: { name: input.name, connection_kind: input.connection_kind },
    });
    return created;
  });
  await queueQuantitySync(deps.jobs, firmActor.firmId);
  return serializeOne(db, row);
};

const findClientCompanies = async (db: Db, actor: Actor, query: ListQuery) => {
  const firmActor = can.workOnClients(actor);
  const { count, rows } = await listCompanies(db, firmActor, {
    search: query.search || undefined,
    connectionKind: query.connection_kind,
    connectionState: query.connection_state,
    hasClientUsers: query.has_client_users === undefined ? undefined : query.has_client_users === 'true',
    ordering: query.ordering,
    limit: query.page_size,
    offset: (query.page - 1) * query.page_size,
  });
  const pks = rows.map((r) => r.pk);
  const { firmId } = firmActor;
  return {
    count,
    results: toClientCompanies(
      rows,
      await assignedMembersOf(db, firmId, pks),
      await countClientUsers(db, firmId, pks),
      await findLedgerConnections(db, firmId, pks),
      await nextConnectorRuns(db, firmId, pks),
      await countOpenFindings(db, firmId, pks),
    ),
  };
};

/** One page of the client list, with links to the pages around it (`url` is the request's own). */
export const listClientCompanies = async ({ db }: Pick<AppDeps, 'db'>, actor: Actor, { query, url }: { query: ListQuery; url: string }) => {
  const { count, results } = await findClientCompanies(db, actor, query);
  return { count, ...pageLinks(url, query.page, query.page_size, count), results };
};

/** The whole list (up to 10,000 companies) with the same filters, as CSV. */
export const exportClientCompaniesCsv = async ({ db }: Pick<AppDeps, 'db'>, actor: Actor, { query }: { query: z.infer<typeof clientCompanyCsvQuery> }) =>
  clientCompaniesCsv((await findClientCompanies(db, actor, { ...query, page: 1, page_size: CSV_EXPORT_LIMIT })).results);

export const retrieveClientCompany = async ({ db }: Pick<AppDeps, 'db'>, actor: Actor, { companyPk: pk }: { companyPk: number }) =>
  serializeOne(db, (await companyAccess(db, actor, pk, 'accountant')).company);

/**
 * Any firm user may edit the clients they can see; only admins may change who
 * is assigned (a team member could otherwise grant themselves clients).
 */
export const updateClientCompany = async ({ db }: Pick<AppDeps, 'db'>, actor: Actor, { companyPk: pk, ...input }: { companyPk: number } & ClientCompanyUpdateBody) => {
  const firmActor = can.workOnClients(actor);
  const company = (await companyAccess(db, firmActor, pk, 'accountant')).company;
  if (input.assigned_members !== undefined) can.manageClientCompanies(actor);
  const finishRule = finishRuleAfterUpdate(company, input);
  const memberPks = input.assigned_members ? [...new Set(input.assigned_members)] : undefined;
  // A coworker whose invitation is pending is assigned like any member (their assignments wait on the invitation).
  let pending: { memberPk: number; pendingPk: number }[] = [];
  if (memberPks) {
    const known = await findFirmMemberPks(db, firmActor.firmId, memberPks);
    pending = await findPendingCoworkerPks(db, firmActor.firmId, memberPks);
    if (known.length + pending.length !== memberPks.length) throw ValidationError.field('assigned_members', 'Assigned members is not valid.');
  }
  const row = await db.transaction(async (tx) => {
    const updated = await updateFirmCompany(tx, firmActor.firmId, company.pk, {
      name: input.name,
      clientEditableFields: input.client_editable_fields ? [...new Set(input.client_editable_fields)] : undefined,
      finishRule,
      reminderSchedule: input.reminder_schedule,
      askRules: input.ask_rules,
      pinnedNote: input.pinned_note,
    });
    // The waiting transactions follow the new rules with them: kept from the client, or given back.
    if (input.ask_rules) await applyAskRules(tx, company.pk, input.ask_rules, company.booksClosedThrough);
    if (memberPks) {
      await replaceAssignments(tx, firmActor.firmId, company.pk, memberPks);
      await replacePendingAssignments(
        tx,
        firmActor.firmId,
        company.pk,
        pending.map((p) => p.pendingPk),
      );
    }
    await writeAudit(tx, {
      firmId: firmActor.firmId,
      actorUserId: actor.userId,
      action: 'client_company.update',
      targetType: 'client_company',
      targetPk: company.pk,
      details: { fields: Object.keys(input) },
    });
    return updated;
  });
  return serializeOne(db, row);
};

export const updateSyncDate = async ({ db }: Pick<AppDeps, 'db'>, actor: Actor, { companyPk: pk, syncDate }: { companyPk: number; syncDate: string | null }) => {
  const firmActor = can.workOnClients(actor);
  const company = (await companyAccess(db, firmActor, pk, 'accountant')).company;
  const row = await db.transaction(async (tx) => {
    const updated = await updateFirmCompany(tx, firmActor.firmId, company.pk, { syncDate });
    await writeAudit(tx, {
      firmId: firmActor.firmId,
      actorUserId: actor.userId,
      action: 'client_company.sync_date',
      targetType: 'client_company',
      targetPk: company.pk,
      details: { from: company.syncDate, to: syncDate },
    });
    return updated;
  });
  return serializeOne(db, row);
};

/** Disconnects one company; its ledger then revokes the grant and forgets the credentials. */
export const disconnectClientCompany = async (deps: CompanyDeps, actor: Actor, { companyPk: pk, log }: { companyPk: number; log: FastifyBaseLogger }) => {
  const { db } = deps;
  const firmActor = can.manageClientCompanies(actor);
  const company = (await companyAccess(db, firmActor, pk, 'accountant')).company;
  const row = await db.transaction(async (tx) => {
    const updated = await updateFirmCompany(tx, firmActor.firmId, company.pk, { connectionState: 'DISCONNECTED' });
    await revokeTokensOf(tx, firmActor.firmId, [company.pk]);
    await writeAudit(tx, {
      firmId: firmActor.firmId,
      actorUserId: actor.userId,
      action: 'client_company.disconnect',
      targetType: 'client_company',
      targetPk: company.pk,
    });
    return updated;
  });
  const serialized = await serializeOne(db, row);
  await queueQuantitySync(deps.jobs, firmActor.firmId);
  await revokeLedgerGrants(deps, [row], log);
  return serialized;
};

/** Disconnects every company of the firm, and revokes each one's grant at its ledger as a single disconnect does. */
export const disconnectAll = async (deps: CompanyDeps, actor: Actor, { log }: { log: FastifyBaseLogger }): Promise<{ disconnected: number }> => {
  const firmActor = can.administerFirm(actor);
  const rows = await deps.db.transaction(async (tx) => {
    const disconnected = await disconnectFirmCompanies(tx, firmActor.firmId);
    await revokeTokensOf(
      tx,
      firmActor.firmId,
      disconnected.map((r) => r.pk),
    );
    await writeAudit(tx, {
      firmId: firmActor.firmId,
      actorUserId: actor.userId,
      action: 'client_company.disconnect_all',
      details: { pks: disconnected.map((r) => r.pk) },
    });
    return disconnected;
  });
  await queueQuantitySync(deps.jobs, firmActor.firmId);
  await revokeLedgerGrants(deps, rows, log);
  return { disconnected: rows.length };
};
