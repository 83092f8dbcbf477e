import {
  CLIENT_COMMUNICATION_KINDS,
  COMMUNICATION_ITEM_ANSWER_KINDS,
  COMMUNICATION_KINDS,
  COMMUNICATION_LIST_STATUSES,
  COMMUNICATION_STATUSES,
  W9_TAX_CLASSIFICATIONS,
  W9_TIN_KINDS,
  type CommunicationListQuery,
} from '@herd/contract';
import type { Db } from '../../../db/client.js';
import type { communications } from '../../../db/schema/index.js';
import { ValidationError } from '../../../lib/errors.js';
import { pageLinks } from '../../../lib/pagination.js';
import type { CompanyAccess, Side } from '../../../kernel/company-access.js';
import { writeAuditMany } from '../../../kernel/audit.queries.js';
import type { Actor } from '../../../kernel/actor.js';
import { insertAccountantNotes } from '../../../kernel/thread-notes.queries.js';
import { companyCommunicationScope, findScopedCommunications, type CommunicationScope } from './communication-scope.service.js';
import { communicationsByPk } from './communication.view.js';
import { moveOrRefuse } from './communication-status.rule.js';
import {
  countCommunications,
  countWaitingOnClient,
  pageOfCommunications,
  updateCommunications,
  type CommunicationList,
  type CommunicationListKind,
  type CommunicationRow,
} from './communications.queries.js';
import type { AppDeps } from '../../../app-deps.js';
import type { NoInput } from '../../../lib/service.js';

const LISTS: Record<CommunicationListKind, CommunicationList> = {
  active: { statuses: COMMUNICATION_LIST_STATUSES.active, hidden: false, clientHidden: null },
  completed: { statuses: COMMUNICATION_LIST_STATUSES.completed, hidden: false, clientHidden: null },
  hidden: { statuses: null, hidden: true, clientHidden: null },
  // The client's completed list, less what their side hid, which has a list of its own (`?hidden=true`).
  'client-completed': { statuses: COMMUNICATION_LIST_STATUSES.completed, hidden: false, clientHidden: false },
  'client-hidden': { statuses: COMMUNICATION_LIST_STATUSES.completed, hidden: false, clientHidden: true },
};

/** One page of a company's open, completed or hidden communications (the firm's hidden list is the accountant's only: its route is). */
export const listCompanyCommunications = async (
  { db }: Pick<AppDeps, 'db'>,
  actor: Actor,
  { side, list, companyPk, query, url }: { side: Side; list: CommunicationListKind; companyPk: number; query: CommunicationListQuery; url: string },
) => {
  const scope = await companyCommunicationScope(db, actor, companyPk, side);
  const { count, pks } = await pageOfCommunications(db, scope.home, LISTS[list], query);
  return { count, ...pageLinks(url, query.page, query.page_size, count), results: await communicationsByPk(db, scope.home.firmId, pks) };
};

/** The accountant's counters: each list's size, and of the open ones whom they wait on. */
export const communicationCounters = async ({ db }: Pick<AppDeps, 'db'>, actor: Actor, { companyPk }: { companyPk: number }) => {
  const scope = await companyCommunicationScope(db, actor, companyPk, 'accountant');
  // What the client's side hid from their own lists is still in the firm's completed list.
  const { client_hidden: _clientHidden, ...counts } = await countCommunications(db, scope.home);
  return counts;
};

/**
 * The client's counters, without the firm's hidden list they never see: their `hidden` is what their
 * side took off their own completed list, which `completed` no longer counts.
 */
export const clientCommunicationCounters = async ({ db }: Pick<AppDeps, 'db'>, actor: Actor, { companyPk }: { companyPk: number }) => {
  const scope = await companyCommunicationScope(db, actor, companyPk, 'client');
  const { hidden: _hidden, client_hidden: clientHidden, completed, ...counts } = await countCommunications(db, scope.home);
  return { ...counts, completed: completed - clientHidden, hidden: clientHidden };
};

export const communicationChoices = async (_deps: object, _actor: Actor, _input: NoInput) => ({
  kinds: [...COMMUNICATION_KINDS],
  client_kinds: [...CLIENT_COMMUNICATION_KINDS],
  statuses: [...COMMUNICATION_STATUSES],
  item_answer_kinds: [...COMMUNICATION_ITEM_ANSWER_KINDS],
  tax_classifications: [...W9_TAX_CLASSIFICATIONS],
  tin_kinds: [...W9_TIN_KINDS],
});

/** A move out of the completed list: what the client's side hid of it is in their lists again (it may ask something of them). */
const opensAgain = (values: Partial<typeof communications.$inferInsert>) =>
  values.status !== undefined && !(COMMUNICATION_LIST_STATUSES.completed as readonly string[]).includes(values.status);

/**
 * Writes one change per communication with an audit entry each, in the
 * caller's transaction: a status change names the old and new status.
 */
export const writeCommunicationChanges = async (
  tx: Db,
  actor: Actor,
  scope: CommunicationScope,
  action: string,
  changes: { row: CommunicationRow; values: Partial<typeof communications.$inferInsert>; details?: Record<string, unknown> }[],
) => {
  for (const { row, values } of changes) await updateCommunications(tx, scope.home, [row.pk], opensAgain(values) ? { ...values, clientHiddenAt: null } : values);
  await writeAuditMany(
    tx,
    changes.map(({ row, values, details }) => ({
      firmId: scope.home.firmId,
      actorUserId: actor.userId,
      action,
      targetType: 'communication',
      targetPk: row.pk,
      details: {
        ...details,
        ...(values.status && values.status !== row.status ? { from: row.status, to: values.status } : {}),
        ...(scope.access.viewingAsClient ? { viewing_as_client: true } : {}),
      },
    })),
  );
};

/** Hide or unhide communications: the accountant's only (a client neither hides nor sees hidden ones). */
export const setCommunicationsHidden = async (
  { db }: Pick<AppDeps, 'db'>,
  actor: Actor,
  { companyPk, pks, hidden }: { companyPk: number; pks: number[]; hidden: boolean },
) => {
  const scope = await companyCommunicationScope(db, actor, companyPk, 'accountant');
  const rows = await findScopedCommunications(db, scope, pks);
  await db.transaction((tx) =>
    writeCommunicationChanges(
      tx,
      actor,
      scope,
      hidden ? 'communication.hide' : 'communication.unhide',
      rows.map((row) => ({ row, values: { isHidden: hidden } })),
    ),
  );
};

/**
 * Sends answered communications back to the client (the table's `back`):
 * they wait on the client again, and the accountant's message, if any, goes
 * in each one's note thread. A client's own communication is not sent back:
 * the accountant answers it in its notes, then accepts it.
 */
export const sendCommunicationsBack = async (
  { db }: Pick<AppDeps, 'db'>,
  actor: Actor,
  { companyPk, pks, message }: { companyPk: number; pks: number[]; message: string | undefined },
) => {
  const scope = await companyCommunicationScope(db, actor, companyPk, 'accountant');
  const rows = await findScopedCommunications(db, scope, pks);
  const fromClient = rows.find((r) => r.sender === 'CLIENT');
  if (fromClient) throw ValidationError.detail(`“${fromClient.subject}” was written by the client: answer it in its notes, then accept it.`);
  const changes = rows.map((row) => ({ row, values: { status: moveOrRefuse(row, 'back') } }));
  await db.transaction(async (tx) => {
    await writeCommunicationChanges(tx, actor, scope, 'communication.back', changes);
    if (!message) return;
    await insertAccountantNotes(
      tx,
      { firmId: scope.home.firmId, companyPk: companyPk },
      'COMMUNICATION',
      rows.map((r) => r.pk),
      actor.userId,
      message,
    );
  });
};

/** Clears the sync error of communications a sync refused: each returns to where it stood. */
export const clearCommunicationErrors = async ({ db }: Pick<AppDeps, 'db'>, actor: Actor, { companyPk, pks }: { companyPk: number; pks: number[] }) => {
  const scope = await companyCommunicationScope(db, actor, companyPk, 'accountant');
  const rows = await findScopedCommunications(db, scope, pks);
  const changes = rows.map((row) => ({ row, values: { status: moveOrRefuse(row, 'clear_error'), statusBeforeError: null, syncError: null } }));
  await db.transaction((tx) => writeCommunicationChanges(tx, actor, scope, 'communication.clear_error', changes));
};

/** How many of the company's requests wait on the client, for their company counters (the company's visibility was checked by the caller). */
export const requestsWaitingOnClient = (db: Db, access: CompanyAccess) => countWaitingOnClient(db, { firmId: access.company.firmId, companyPk: access.company.pk });
