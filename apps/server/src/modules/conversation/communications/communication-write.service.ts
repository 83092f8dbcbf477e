import { CLIENT_COMMUNICATION_KINDS, type CommunicationCreateBody } from '@herd/contract';
import { queueArrivalNotices } from './arrival-notices.queries.js';
import { ValidationError } from '../../../lib/errors.js';
import { companyAccess } from '../../../kernel/company-access.js';
import { writeAudit } from '../../../kernel/audit.queries.js';
import type { Actor } from '../../../kernel/actor.js';
import { isFirmActor, requireFirmActor } from '../../../kernel/permissions.js';
import { createCommunication } from './communication-create.service.js';
import { firmToday } from '../../firm/firm-settings/firm-settings.face.js';
import { checkDueDate } from './communication-dates.rule.js';
import { communicationAccess } from './communication-scope.service.js';
import { toCommunications } from './communication.view.js';
import { moveOrRefuse } from './communication-status.rule.js';
import { writeCommunicationChanges } from './communications.service.js';
import { deleteCommunication, findCommunications, hasAnswers } from './communications.queries.js';
import type { AppDeps } from '../../../app-deps.js';

/**
 * A new communication from the create endpoint. Staff write to a client
 * company they can see (any kind); a client writes to their firm about one
 * of their companies, a NOTICE or a REPORT (a client does not send their firm
 * a checklist or a W-9 request), and it waits on the accountant.
 */
export const createCommunicationFor = async ({ db, jobs }: Pick<AppDeps, 'db' | 'jobs'>, actor: Actor, body: CommunicationCreateBody) => {
  const fromFirm = isFirmActor(actor);
  const access = await companyAccess(db, actor, body.client_company, fromFirm ? 'accountant' : 'client');
  if (!fromFirm && !(CLIENT_COMMUNICATION_KINDS as readonly string[]).includes(body.kind)) {
    throw ValidationError.field('kind', 'A client can write a notice or share a report with their accountant.');
  }
  checkDueDate(body.due_date, await firmToday(db, access.company.firmId));
  const { client_company: _company, due_date: dueDate, ...content } = body;
  const home = { firmId: access.company.firmId, companyPk: access.company.pk };
  const made = await db.transaction((tx) =>
    createCommunication(tx, {
      firmId: home.firmId,
      clientCompanyPk: home.companyPk,
      content,
      dueDate,
      sender: fromFirm ? 'ACCOUNTANT' : 'CLIENT',
      authorPk: actor.userId,
    }),
  );
  // The client's people hear of it by email and text too, once it is committed.
  if (fromFirm) await queueArrivalNotices(jobs, [home.companyPk]);
  const [row] = await findCommunications(db, home, [made.pk]);
  const [answer] = await toCommunications(db, home.firmId, [row!]);
  return answer!;
};

/**
 * Deletes a communication nobody has answered yet (it disappears, with its
 * checklist; shared files stay, a schedule may share them again). One that
 * holds the client's words (answers, an acknowledgement, a W-9, or written
 * by the client) is cancelled instead, so nothing a client gave is lost.
 * Staff only.
 */
export const deleteOrCancelCommunication = async ({ db }: Pick<AppDeps, 'db'>, actor: Actor, { communicationPk }: { communicationPk: number }) => {
  requireFirmActor(actor);
  const { scope, communication: row } = await communicationAccess(db, actor, communicationPk);
  if (row.sender === 'CLIENT' || (await hasAnswers(db, row))) {
    const status = moveOrRefuse(row, 'cancel');
    await db.transaction((tx) => writeCommunicationChanges(tx, actor, scope, 'communication.cancel', [{ row, values: { status }, details: { deleted: true } }]));
    return { outcome: 'cancelled' as const };
  }
  await db.transaction(async (tx) => {
    await deleteCommunication(tx, scope.home, row.pk);
    await writeAudit(tx, {
      firmId: scope.home.firmId,
      actorUserId: actor.userId,
      action: 'communication.delete',
      targetType: 'communication',
      targetPk: row.pk,
      details: { kind: row.kind, subject: row.subject },
    });
  });
  return { outcome: 'deleted' as const };
};
