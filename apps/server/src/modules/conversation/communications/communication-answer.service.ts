import { notifyCommunicationsAnswered } from '../../messaging/notifications/notifications.face.js';
import { answerFinishes, nextCommunicationStatus, type CommunicationClientChange, type CommunicationKind } from '@herd/contract';
import type { Db } from '../../../db/client.js';
import type { communicationItems, communications } from '../../../db/schema/index.js';
import { ForbiddenError, NotFoundError, ValidationError } from '../../../lib/errors.js';
import { createSecretBox, type SecretBox } from '../../../lib/secret-box.js';
import type { Actor } from '../../../kernel/actor.js';
import { itemsOfCommunications, replaceAnswerFiles, saveItemAnswer } from './communication-answer.queries.js';
import { checkCommunicationFiles } from './communication-files.rule.js';
import { companyCommunicationScope, findScopedCommunications, type CommunicationScope } from './communication-scope.service.js';
import { toCommunications } from './communication.view.js';
import { moveOrRefuse } from './communication-status.rule.js';
import { saveW9, w9Values } from './communication-w9.service.js';
import { writeCommunicationChanges } from './communications.service.js';
import type { CommunicationRow } from './communications.queries.js';
import type { AppDeps } from '../../../app-deps.js';

type ItemRow = typeof communicationItems.$inferSelect;
type AnswerField = 'answers' | 'acknowledge' | 'question' | 'w9' | 'w9_signed_form';

/** What each kind takes from the client. */
const TAKES: Record<CommunicationKind, readonly AnswerField[]> = {
  REQUEST: ['answers'],
  REPORT: ['acknowledge', 'question'],
  NOTICE: ['acknowledge'],
  W9: ['w9', 'w9_signed_form'],
};
const KIND_WORDS: Record<CommunicationKind, string> = { REQUEST: 'A request', REPORT: 'A report', NOTICE: 'A notice', W9: 'A W-9 request' };

/** One communication's answer, checked and ready to write. */
interface Plan {
  row: CommunicationRow;
  values: Partial<typeof communications.$inferInsert>;
  items: { item: ItemRow; text: string; files: number[] | null; answered: boolean }[];
  w9: ReturnType<typeof w9Values> | null;
  signedForm: number | null;
}

const planRequest = async (db: Db, scope: CommunicationScope, actor: Actor, change: CommunicationClientChange, at: string, items: ItemRow[]) => {
  if (!change.answers || change.answers.length === 0) throw ValidationError.field(`${at}.answers`, 'Answers is required.');
  const planned: Plan['items'] = [];
  for (const [j, answer] of change.answers.entries()) {
    const item = items.find((i) => i.pk === answer.item);
    if (!item || planned.some((p) => p.item.pk === item.pk)) throw ValidationError.field(`${at}.answers.${j}.item`, 'Item is not valid.');
    const text = answer.text ?? '';
    const files = answer.files ?? [];
    if (item.answerKind === 'TEXT' && files.length > 0) throw ValidationError.field(`${at}.answers.${j}.files`, 'This item asks for text.');
    if (item.answerKind === 'FILES' && text !== '') throw ValidationError.field(`${at}.answers.${j}.text`, 'This item asks for files.');
    const answered = item.answerKind === 'TEXT' ? text !== '' : files.length > 0;
    const field = `${at}.answers.${j}.${item.answerKind === 'TEXT' ? 'text' : 'files'}`;
    if (!answered && item.required) throw ValidationError.field(field, `“${item.label}” needs an answer.`);
    const checked = item.answerKind === 'FILES' ? await checkCommunicationFiles(db, scope.home, files, field, actor.userId) : null;
    planned.push({ item, text, files: checked, answered });
  }
  const answeredNow = (item: ItemRow) => planned.find((p) => p.item.pk === item.pk)?.answered ?? item.answeredAt !== null;
  return { items: planned, complete: items.every((item) => !item.required || answeredNow(item)) };
};

const planW9 = async (db: Db, scope: CommunicationScope, box: SecretBox, actor: Actor, change: CommunicationClientChange, at: string) => {
  if ((change.w9 === undefined) === (change.w9_signed_form === undefined))
    throw ValidationError.field(`${at}.w9`, 'Fill in the W-9, or upload the signed form: one of the two.');
  if (change.w9) return { w9: w9Values(box, { form: change.w9 }, actor.userId), signedForm: null };
  const [filePk] = await checkCommunicationFiles(db, scope.home, [change.w9_signed_form!], `${at}.w9_signed_form`, actor.userId);
  return { w9: w9Values(box, { signedFormPk: filePk! }, actor.userId), signedForm: filePk! };
};

/** Checks one change against its communication and the transition table, and says what to write. */
const plan = async (
  db: Db,
  scope: CommunicationScope,
  box: SecretBox,
  actor: Actor,
  row: CommunicationRow,
  change: CommunicationClientChange,
  at: string,
  items: ItemRow[],
) => {
  if (row.sender === 'CLIENT') throw ValidationError.detail(`“${row.subject}” is your own message: add to it in its notes.`);
  const answeredStatus = moveOrRefuse(row, 'answer');
  const given = (Object.keys(change) as (keyof CommunicationClientChange)[]).filter((k) => k !== 'pk' && change[k] !== undefined);
  const foreign = given.find((k) => !TAKES[row.kind].includes(k as AnswerField));
  if (foreign) throw ValidationError.field(`${at}.${foreign}`, `${KIND_WORDS[row.kind]} does not take this.`);
  const result: Plan = { row, values: {}, items: [], w9: null, signedForm: null };
  const answered = { status: answeredStatus, answeredAt: new Date(), answeredBy: actor.userId };
  if (row.kind === 'REQUEST') {
    const request = await planRequest(db, scope, actor, change, at, items);
    result.items = request.items;
    if (request.complete) result.values = answered;
  } else if (row.kind === 'W9') {
    Object.assign(result, await planW9(db, scope, box, actor, change, at));
    result.values = answered;
  } else {
    if (!change.acknowledge) throw ValidationError.field(`${at}.acknowledge`, 'Acknowledge is required.');
    const question = change.question ?? '';
    // Nothing is left for the accountant: the table's answer, then its accept.
    const status = answerFinishes(row.kind, question !== '') ? nextCommunicationStatus(answeredStatus, 'accept')! : answeredStatus;
    result.values = { ...answered, status, acknowledgedAt: new Date(), question };
  }
  return result;
};

export const ANSWERS_ARE_THE_CLIENTS = 'Only the client can answer their requests. In the client’s view you see them as the client does.';

/**
 * The client's answers, all or none: checklist items (text or files), an
 * acknowledgement (with a report's question), a W-9. A REQUEST moves on only
 * once every required item has an answer; until then the answers given are
 * kept. A communication the table does not let the client answer (already
 * answered, finished, cancelled) is a 400 saying why.
 */
export const answerCommunications = async (
  { db, config }: Pick<AppDeps, 'db' | 'config'>,
  actor: Actor,
  { companyPk, changes }: { companyPk: number; changes: CommunicationClientChange[] },
) => {
  // W-9 TINs are sealed with the app's secret, as ledger tokens are.
  const box = createSecretBox(config.secretKey);
  const scope = await companyCommunicationScope(db, actor, companyPk, 'client');
  // The answers, the acknowledgement and the W-9's signature are the client's own word: the firm's view of
  // the client's screens shows them, it does not give them (docs/requests.md, "In the client's view").
  if (scope.access.viewingAsClient) throw new ForbiddenError(ANSWERS_ARE_THE_CLIENTS);
  const pks = changes.map((c) => c.pk);
  if (new Set(pks).size !== pks.length) throw ValidationError.field('communications', 'Each communication may be answered once per request.');
  const rows = await findScopedCommunications(db, scope, pks);
  // The client's side never sees hidden communications: answering one is answering nothing.
  if (rows.some((r) => r.isHidden)) throw new NotFoundError();
  const items = await itemsOfCommunications(db, pks);
  const plans: Plan[] = [];
  for (const [index, change] of changes.entries()) {
    const row = rows[index]!;
    plans.push(
      await plan(
        db,
        scope,
        box,
        actor,
        row,
        change,
        `communications.${index}`,
        items.filter((i) => i.communicationId === row.pk),
      ),
    );
  }
  await db.transaction(async (tx) => {
    for (const p of plans) {
      for (const a of p.items) {
        await saveItemAnswer(tx, p.row.pk, a.item.pk, a.text, a.answered);
        if (a.files) await replaceAnswerFiles(tx, p.row.pk, a.item.pk, 'ANSWER', a.files, actor.userId);
      }
      if (p.w9) {
        await saveW9(tx, p.row.pk, p.w9);
        await replaceAnswerFiles(tx, p.row.pk, null, 'W9_FORM', p.signedForm === null ? [] : [p.signedForm], actor.userId);
      }
    }
    await writeCommunicationChanges(
      tx,
      actor,
      scope,
      'communication.answer',
      plans.map((p) => ({ row: p.row, values: p.values, details: { items: p.items.map((a) => a.item.pk), w9: p.w9 !== null } })),
    );
    const answered = plans.map((p) => ({ pk: p.row.pk, subject: p.row.subject, complete: p.values.status !== undefined && p.values.status !== p.row.status }));
    await notifyCommunicationsAnswered(tx, { firmId: scope.home.firmId, companyPk: scope.home.companyPk, by: actor.userId, answered });
  });
  return toCommunications(db, scope.home.firmId, await findScopedCommunications(db, scope, pks));
};
