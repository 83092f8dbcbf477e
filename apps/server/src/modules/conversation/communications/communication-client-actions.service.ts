import { COMMUNICATION_LIST_STATUSES, nextCommunicationStatus, type CommunicationStatus } from '@herd/contract';
import type { Db } from '../../../db/client.js';
import { ForbiddenError, NotFoundError, ValidationError } from '../../../lib/errors.js';
import type { Actor } from '../../../kernel/actor.js';
import { ANSWERS_ARE_THE_CLIENTS } from './communication-answer.service.js';
import { companyCommunicationScope, findScopedCommunications, type CommunicationScope } from './communication-scope.service.js';
import { writeCommunicationChanges } from './communications.service.js';
import type { AppDeps } from '../../../app-deps.js';

/**
 * What a client does to requests of their own list besides answering them (docs/requests.md, "The
 * client's hide, unhide and take back"): take finished ones off their list and put them back, and
 * take back an answer their accountant has not looked at yet. Each is the client's own choice: the
 * firm's view of the client's screens shows them, it does not make them.
 */

export const CLIENT_LIST_IS_THE_CLIENTS = 'Only the client hides requests from their own list. To hide a request from the client, use Hide in your requests.';
export const SYNC_ERRORS_ARE_THE_FIRMS = 'A sync error is for your accountant to clear: it comes from their systems, and nothing you change here can fix it.';

const COMPLETED: readonly CommunicationStatus[] = COMMUNICATION_LIST_STATUSES.completed;

/** Where a request stands, in the client's words, when taking back its answer is not possible. */
const CANNOT_TAKE_BACK: Record<CommunicationStatus, string> = {
  PROCESSING: 'is already with you: change your answers and send it',
  READY: 'waits on your accountant',
  SYNC_ERROR: 'has a sync error your accountant must clear first',
  CANCELLED: 'is cancelled',
  FINISHED_IN_HERD: 'is finished',
};

/** The company's communications on the client's side, with these pks: one outside the company, or one the firm hid (the client never sees those), is 404. */
const clientRows = async (db: Db, scope: CommunicationScope, pks: number[]) => {
  const rows = await findScopedCommunications(db, scope, pks);
  if (rows.some((r) => r.isHidden)) throw new NotFoundError();
  return rows;
};

const clientScope = async (db: Db, actor: Actor, companyPk: number, refusal: string) => {
  const scope = await companyCommunicationScope(db, actor, companyPk, 'client');
  if (scope.access.viewingAsClient) throw new ForbiddenError(refusal);
  return scope;
};

/**
 * Takes finished or cancelled requests off the client's own lists (`hidden`), or puts them back. The
 * company's people share one list, as they share its requests; the firm's lists are not touched. An
 * open request cannot be hidden: it still asks something of someone.
 */
export const setCommunicationsHiddenByClient = async (
  { db }: Pick<AppDeps, 'db'>,
  actor: Actor,
  { companyPk, pks, hidden }: { companyPk: number; pks: number[]; hidden: boolean },
) => {
  const scope = await clientScope(db, actor, companyPk, CLIENT_LIST_IS_THE_CLIENTS);
  const rows = await clientRows(db, scope, pks);
  const open = hidden ? rows.find((r) => !COMPLETED.includes(r.status as CommunicationStatus)) : undefined;
  if (open) throw ValidationError.detail(`“${open.subject}” is still open: a request can be hidden once it is finished or cancelled.`);
  const at = new Date();
  const changing = rows.filter((r) => (r.clientHiddenAt !== null) !== hidden);
  if (changing.length === 0) return;
  await db.transaction((tx) =>
    writeCommunicationChanges(
      tx,
      actor,
      scope,
      hidden ? 'communication.client_hide' : 'communication.client_unhide',
      changing.map((row) => ({ row, values: { clientHiddenAt: hidden ? at : null } })),
    ),
  );
};

/**
 * The client takes back answers their accountant has not accepted yet (the table's `back`, from
 * READY): the request waits on them again, their answers kept, to change and send again. Only what
 * the firm asked; the client's own messages take additions in their notes.
 */
export const takeBackCommunicationAnswers = async ({ db }: Pick<AppDeps, 'db'>, actor: Actor, { companyPk, pks }: { companyPk: number; pks: number[] }) => {
  const scope = await clientScope(db, actor, companyPk, ANSWERS_ARE_THE_CLIENTS);
  const rows = await clientRows(db, scope, pks);
  const changes = rows.map((row) => {
    const from = row.status as CommunicationStatus;
    if (row.sender === 'CLIENT') throw ValidationError.detail(`“${row.subject}” is your own message: add to it in its notes.`);
    const to = nextCommunicationStatus(from, 'back');
    if (to === null) throw ValidationError.detail(`Taking back your answer is not possible: “${row.subject}” ${CANNOT_TAKE_BACK[from]}.`);
    return { row, values: { status: to }, details: { by_client: true } };
  });
  await db.transaction((tx) => writeCommunicationChanges(tx, actor, scope, 'communication.back', changes));
};

/**
 * The client's `errors/clear/` answers what it is: a sync error is the firm's to clear (it is about
 * the firm's systems), so a client is refused with a 403 that says so, once the company is known to
 * be theirs (another's stays 404). The pks are not looked at: the answer is the same for any.
 */
export const refuseClientClearErrors = async ({ db }: Pick<AppDeps, 'db'>, actor: Actor, { companyPk }: { companyPk: number }): Promise<never> => {
  await companyCommunicationScope(db, actor, companyPk, 'client');
  throw new ForbiddenError(SYNC_ERRORS_ARE_THE_FIRMS);
};
