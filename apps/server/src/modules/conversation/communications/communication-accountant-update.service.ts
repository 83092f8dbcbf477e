import type { z } from 'zod';
import type { communicationAccountantChange } from '@herd/contract';
import { ValidationError } from '../../../lib/errors.js';
import type { communications } from '../../../db/schema/index.js';
import type { Actor } from '../../../kernel/actor.js';
import { firmToday } from '../../firm/firm-settings/firm-settings.face.js';
import { checkDueDate } from './communication-dates.rule.js';
import { companyCommunicationScope, findScopedCommunications } from './communication-scope.service.js';
import { toCommunications } from './communication.view.js';
import { moveOrRefuse } from './communication-status.rule.js';
import { writeCommunicationChanges } from './communications.service.js';
import type { AppDeps } from '../../../app-deps.js';

type Change = z.infer<typeof communicationAccountantChange>;

/**
 * The accountant's edits and moves, all or none: the subject, text and due
 * date (not in the past), and `accept`, `reopen` or `cancel` through the
 * transition table. A refused move answers 400 naming the communication and
 * why; nothing of the batch is written then.
 */
export const updateCommunicationsAsAccountant = async ({ db }: Pick<AppDeps, 'db'>, actor: Actor, { companyPk, changes }: { companyPk: number; changes: Change[] }) => {
  const scope = await companyCommunicationScope(db, actor, companyPk, 'accountant');
  const rows = await findScopedCommunications(
    db,
    scope,
    changes.map((c) => c.pk),
  );
  if (new Set(changes.map((c) => c.pk)).size !== changes.length) throw ValidationError.field('communications', 'Each communication may be changed once per request.');
  const today = await firmToday(db, scope.home.firmId);
  const writes = changes.map((change, index) => {
    const row = rows.find((r) => r.pk === change.pk)!;
    if (change.due_date !== undefined && change.due_date !== row.dueDate) checkDueDate(change.due_date, today, `communications.${index}.due_date`);
    const values: Partial<typeof communications.$inferInsert> = {};
    if (change.subject !== undefined) values.subject = change.subject;
    if (change.text !== undefined) values.text = change.text;
    if (change.due_date !== undefined) values.dueDate = change.due_date;
    if (change.action) values.status = moveOrRefuse(row, change.action);
    return { row, values, details: { fields: Object.keys(values).filter((k) => k !== 'status'), ...(change.action ? { action: change.action } : {}) } };
  });
  await db.transaction((tx) =>
    writeCommunicationChanges(
      tx,
      actor,
      scope,
      'communication.update',
      writes.filter((w) => Object.keys(w.values).length > 0),
    ),
  );
  return toCommunications(
    db,
    scope.home.firmId,
    await findScopedCommunications(
      db,
      scope,
      rows.map((r) => r.pk),
    ),
  );
};
