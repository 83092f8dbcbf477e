import { EDITABLE_STATUSES, statusLabel, type AnswerChannel, type ChangedField, type TransactionChange, type TransactionStatus } from '@herd/contract';
import type { Db } from '../../../db/client.js';
import { auditInsert, writeAuditMany, type AuditEntry } from '../../../kernel/audit.queries.js';
import { insertAccountantNotes } from '../../../kernel/thread-notes.queries.js';
import { changedFields } from './changed-fields.rule.js';
import { FieldErrors, namedRefs, resolveLines, throwIfAny, type NewLine } from './lines.rule.js';
import { checkFinishable, finishBarOf } from './finish-rule.rule.js';
import { loadEditContext } from './edit-context.queries.js';
import { serializeWritten } from './transactions-read.service.js';
import { clearSyncErrors, deleteLines, linesInsert, updateTransactions, type TransactionRow } from './transactions.queries.js';
import { findScoped } from '../../../kernel/transaction-access.js';
import { assertTransition } from './status.rule.js';
import { lockAtVersions, StaleVersionError, StaleVersions, staleAmong } from './stale-versions.queries.js';
import { moveStatuses, type StatusAuthor } from './status-writer.queries.js';
import { sendBackRefusal } from './correction-journal.rule.js';
import { ConflictError } from '../../../lib/errors.js';
import type { CompanyAccess } from '../../../kernel/company-access.js';
import { refreshAfterAnswers, suggestionOutcomes, type SuggestionDeps } from '../suggestions/suggestions.face.js';
import { overriddenByPerson, settleAutomation, type AnswerDeps } from './rule-overrides.service.js';
import { notifyBulkNote } from '../../messaging/notifications/notifications.face.js';
import { answerNoticeHold, queueAnswerNotice } from '../../messaging/notifications/notifications.face.js';
import { jobBatch } from '../../../jobs/job-batch.js';

const auditEntry = (scope: CompanyAccess, action: string, pk: number, details: Record<string, unknown>): AuditEntry => ({
  firmId: scope.company.firmId,
  actorUserId: scope.actor.userId,
  action,
  targetType: 'transaction',
  targetPk: pk,
  details: { ...details, ...(scope.viewingAsClient ? { viewing_as_client: true } : {}) },
});

/**
 * The categorization write: new lines, memo and/or "done", for one or many
 * transactions at once. Everything is checked first; then all of it is
 * written in one database transaction, or none of it. A change that names the
 * version its editor read is refused whole (409, with the rows as they are now)
 * when someone saved that transaction in between.
 */
export const applyChanges = async (deps: AnswerDeps, scope: CompanyAccess, changes: TransactionChange[], via?: AnswerChannel) => {
  try {
    return await applyChangesAtVersions(deps, scope, changes, via);
  } catch (err) {
    if (err instanceof StaleVersions) throw new StaleVersionError(await serializeWritten(deps.db, scope, err.pks));
    throw err;
  }
};

const applyChangesAtVersions = async (
  { db, jobs, countRuleOverrides }: AnswerDeps,
  scope: CompanyAccess,
  changes: TransactionChange[],
  via: AnswerChannel | undefined,
) => {
  // What the checks need is read in one statement: the rows in reach, their lines and attachments, and the categories and references named.
  const {
    rows,
    lines: currentLines,
    attached,
    known,
  } = await loadEditContext(
    db,
    scope,
    changes.map((c) => c.pk),
    namedRefs(changes.flatMap((c) => c.lines ?? [])),
  );
  // A row that has moved out of this person's reach (published meanwhile, say) is refused for its status below:
  // "Keep mine" could not be kept there.
  const stillEditable = rows.filter((r) => EDITABLE_STATUSES[scope.side].includes(r.status));
  const stale = staleAmong(changes, new Map(stillEditable.map((r) => [r.pk, r.version])));
  if (stale.length > 0) throw new StaleVersions(stale);
  const finishing = changes.filter((c) => c.finished).map((c) => c.pk);
  const bar = finishing.length > 0 ? await finishBarOf(db, scope) : null;
  const plans: { row: TransactionRow; change: TransactionChange; lines: NewLine[] | null; next: TransactionStatus; changed: ChangedField[] }[] = [];
  const allErrors: FieldErrors[] = [];
  for (const [i, change] of changes.entries()) {
    const row = rows[i]!;
    const errors = new FieldErrors(`transactions.${i}.`);
    allErrors.push(errors);
    if (!EDITABLE_STATUSES[scope.side].includes(row.status)) {
      errors.add('status', `This transaction can no longer be changed here (status: ${statusLabel(row.status)}).`);
      continue;
    }
    const stored = currentLines.filter((l) => l.transactionId === row.pk);
    const lines = change.lines ? resolveLines(known, row, change.lines, stored, errors, scope.editable) : null;
    const next: TransactionStatus = change.finished ? 'FINISHED_IN_HERD' : row.status;
    if (change.finished && bar) {
      const answer = { type: row.type, amount: row.amount, lines: lines ?? stored, memo: change.client_memo ?? row.clientMemo, hasAttachment: attached.has(row.pk) };
      checkFinishable(answer, bar, errors);
    }
    if (change.client_memo !== undefined && scope.side === 'client' && !includesMemo(scope)) {
      errors.add('client_memo', 'Memo cannot be changed by the client for this company.');
    }
    plans.push({ row, change, lines, next, changed: changedFields(stored, lines, { before: row.clientMemo, after: change.client_memo }) });
  }
  throwIfAny(allErrors);
  // One read of the suggestions the rows had: the "from a suggestion" marks, and for answers given now to open
  // transactions, whether each suggestion was followed or overruled (the automation report).
  const { marks, verdicts } = await suggestionOutcomes(
    db,
    scope.company.pk,
    plans,
    currentLines,
    plans
      .filter((p) => p.row.status === 'READY' && p.next === 'FINISHED_IN_HERD')
      .map((p) => ({ pk: p.row.pk, categories: (p.lines ?? currentLines.filter((l) => l.transactionId === p.row.pk)).map((l) => l.categoryId ?? null) })),
  );

  for (const { row, next } of plans) assertTransition(row.status, next);
  const withLines = plans.filter((p) => p.lines);
  const companyPk = scope.company.pk;
  // Transactions that get the same memo are updated together: a bulk "done" is a statement or two, not one per row.
  const memos = new Map<string, number[]>();
  for (const { row, change } of plans) {
    if (change.client_memo !== undefined) memos.set(change.client_memo, [...(memos.get(change.client_memo) ?? []), row.pk]);
  }
  const moving = plans.filter((p) => p.next !== p.row.status);
  const categorized = { categorizedBy: scope.actor.userId, categorizedAt: new Date(), backMessage: '' };
  // An accountant answering in the client's view is the firm's own work: nobody is told.
  const answered = moving.filter((p) => p.next === 'FINISHED_IN_HERD').length;
  const tellsFirm = scope.side === 'client' && !scope.viewingAsClient && answered > 0;
  // A row that moves takes its suggestion mark in the status change's own UPDATE; the others get one UPDATE per mark,
  // sent with the status change (they are other rows).
  const markOf = (pk: number) => (marks.has(pk) ? { answeredFromSuggestion: marks.get(pk) } : {});
  const movingPks = new Set(moving.map((p) => p.row.pk));
  const marksApart = ([true, false] as const)
    .map((answeredFromSuggestion) => ({
      answeredFromSuggestion,
      pks: [...marks].filter(([pk, mark]) => mark === answeredFromSuggestion && !movingPks.has(pk)).map(([pk]) => pk),
    }))
    .filter((m) => m.pks.length > 0);
  const write = async (tx: Db) => {
    await lockAtVersions(tx, companyPk, changes);
    // Writes to rows that may also move, each a statement of its own (two writes of one row cannot share a statement);
    // an answer has none of them.
    await settleAutomation(tx, countRuleOverrides, scope, withLines, verdicts);
    for (const [clientMemo, pks] of memos) await updateTransactions(tx, companyPk, pks, { clientMemo });
    // The status change, and in the same statement the rest, which touches other rows: the marks of rows that keep
    // their status, the lines (replaced), the firm's pending notice (answer-notices.job.ts: the firm hears of it from a
    // job) and the audit entries of rows that keep their status. The version of each row moves once (migration 0064).
    await moveStatuses(
      tx,
      authorOf(scope),
      'transaction.categorize',
      moving.map(({ row, next, lines, changed }) => ({
        row,
        to: next,
        values: { ...categorized, ...markOf(row.pk) },
        details: { lines: lines?.length, changed, ...(via ? { via } : {}) },
      })),
      'refuse',
      [
        ...marksApart.map(({ answeredFromSuggestion, pks }) => updateTransactions(tx, companyPk, pks, { answeredFromSuggestion })),
        withLines.length > 0
          ? deleteLines(
              tx,
              companyPk,
              withLines.map((p) => p.row.pk),
            )
          : undefined,
        linesInsert(
          tx,
          withLines.flatMap((p) => p.lines!.map((l, position) => ({ ...l, transactionId: p.row.pk, position }))),
        ),
        tellsFirm ? answerNoticeHold(tx, { firmId: scope.company.firmId, companyPk, count: answered }) : undefined,
        auditInsert(
          tx,
          plans
            .filter((p) => p.next === p.row.status)
            .map(({ row, lines, changed }) => auditEntry(scope, 'transaction.update', row.pk, { from: row.status, to: row.status, lines: lines?.length, changed })),
        ),
      ],
    );
  };
  // An answer that names no version and writes nothing before its status change is that one statement, whole or not at
  // all by itself (moveStatuses): no transaction is opened around it, two round trips fewer.
  const oneStatement = changes.every((c) => c.version === undefined) && overriddenByPerson(withLines).length === 0 && verdicts.length === 0 && memos.size === 0;
  await (oneStatement ? write(db) : db.transaction(write));
  // The jobs it asks for go out together, after the commit: suggestions of those merchants again, and the firm's notice.
  const queued = jobBatch(jobs);
  await refreshAfterAnswers(
    queued,
    companyPk,
    plans.filter((p) => p.next !== p.row.status || p.lines).map((p) => p.row),
  );
  if (tellsFirm) await queueAnswerNotice(queued, companyPk);
  await queued.flush();
  // The rows were found in scope above; read again with their details in one statement, as written.
  return serializeWritten(
    db,
    scope,
    changes.map((c) => c.pk),
  );
};

const includesMemo = (scope: CompanyAccess) => scope.editable === 'all' || scope.editable.includes('memo');

/** Who a scope's status changes are recorded for. */
const authorOf = (scope: CompanyAccess): StatusAuthor => ({
  firmId: scope.company.firmId,
  companyPk: scope.company.pk,
  actorUserId: scope.actor.userId,
  viewingAsClient: scope.viewingAsClient,
});

export const setHidden = async (db: Db, scope: CompanyAccess, pks: number[], hidden: boolean) => {
  const rows = await findScoped(db, scope, pks);
  await db.transaction(async (tx) => {
    await updateTransactions(tx, scope.company.pk, pks, { isHidden: hidden });
    await writeAuditMany(
      tx,
      rows.map((row) => auditEntry(scope, hidden ? 'transaction.hide' : 'transaction.unhide', row.pk, {})),
    );
  });
};

/** Sends transactions back to the client, with the accountant's message as a note in each thread. */
export const sendBack = async ({ db, jobs }: SuggestionDeps, scope: CompanyAccess, pks: number[], message: string | undefined) => {
  const rows = await findScoped(db, scope, pks);
  const corrected = rows.map(sendBackRefusal).find((reason) => reason !== null);
  if (corrected) throw new ConflictError(corrected);
  await db.transaction(async (tx) => {
    await moveStatuses(
      tx,
      authorOf(scope),
      'transaction.back',
      // The message goes into the audit entry too, so the history shows why it went back even after it is answered again.
      rows.map((row) => ({ row, to: 'READY' as const, values: { backMessage: message ?? '' }, details: message ? { message } : undefined })),
    );
    const owner = { firmId: scope.company.firmId, companyPk: scope.company.pk };
    const sent = rows.map((row) => row.pk);
    if (message) await insertAccountantNotes(tx, owner, 'TRANSACTION', sent, scope.actor.userId, message);
    // The work is the client's again: they hear of it, with the message when there is one.
    await notifyBulkNote(tx, { ...owner, about: 'transaction', pks: sent, by: scope.actor.userId, body: message ?? '', sentBack: true });
  });
  // A sent-back answer no longer teaches anything, and the row waits for an answer again.
  await refreshAfterAnswers(jobs, scope.company.pk, rows);
};

/** Clears open sync errors; a transaction blocked by them goes back to waiting for publication. */
export const clearErrors = async (db: Db, scope: CompanyAccess, pks: number[]) => {
  const rows = await findScoped(db, scope, pks);
  await db.transaction(async (tx) => {
    await clearSyncErrors(tx, scope.company.pk, pks);
    const blocked = rows.filter((r) => r.status === 'SYNC_ERROR');
    await moveStatuses(
      tx,
      authorOf(scope),
      'transaction.errors_clear',
      blocked.map((row) => ({ row, to: 'FINISHED_IN_HERD' as const })),
    );
    await writeAuditMany(
      tx,
      rows.filter((r) => r.status !== 'SYNC_ERROR').map((row) => auditEntry(scope, 'transaction.errors_clear', row.pk, { from: row.status })),
    );
  });
};
