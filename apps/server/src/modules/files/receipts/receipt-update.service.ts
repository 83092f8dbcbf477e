import { and, eq, inArray } from 'drizzle-orm';
import { RECEIPT_LIST_STATUSES, type Receipt, type ReceiptChange } from '@herd/contract';
import type { Db } from '../../../db/client.js';
import { files, notes, receiptMatches, receipts } from '../../../db/schema/index.js';
import { ValidationError } from '../../../lib/errors.js';
import type { Side } from '../../../kernel/company-access.js';
import { writeAudit } from '../../../kernel/audit.queries.js';
import type { Actor } from '../../../kernel/actor.js';
import { requireFirmActor } from '../../../kernel/permissions.js';
import { findVisibleCompany } from '../../../kernel/visible-companies.js';
import { companyReceiptScope, findScopedReceipts, inboxScope, type ReceiptScope } from './receipt-scope.service.js';
import { toReceipt } from './receipt.view.js';
import { queueReceiptMatch } from '../../../jobs/receipt-match-requests.js';
import type { JobQueue } from '../../../jobs/job-queue.js';
import { findFullReceipts, type ReceiptRow } from './receipts.queries.js';
import { recordMatcherOverruled } from '../../books/transactions/transactions.face.js';
import type { AppDeps } from '../../../app-deps.js';

/** A value a person typed is certain: its confidence is 1 and it is marked edited, so no later reading replaces it. */
const USER_GIVEN = 1;

const READ_FIELDS = [
  ['vendor', 'vendor', 'vendorConfidence', 'vendorEdited'],
  ['date', 'receiptDate', 'dateConfidence', 'dateEdited'],
  ['total', 'total', 'totalConfidence', 'totalEdited'],
  ['currency', 'currency', 'currencyConfidence', 'currencyEdited'],
] as const;

type ReceiptValues = Partial<typeof receipts.$inferInsert>;

const fieldValues = (change: ReceiptChange): ReceiptValues => {
  const values: Record<string, unknown> = {};
  for (const [key, column, confidence, edited] of READ_FIELDS) {
    const value = change[key];
    if (value === undefined) continue;
    const cleared = value === null || value === '';
    values[column] = cleared ? null : value;
    values[confidence] = cleared ? null : USER_GIVEN;
    values[edited] = true;
  }
  if (change.note !== undefined) values.note = change.note;
  return values as ReceiptValues;
};

/** Where a receipt moves: a company of the firm this person sees; it leaves behind its match and duplicate flag, which were the old company's. */
const moveTarget = async (db: Db, actor: Actor, side: Side | 'inbox', change: ReceiptChange, row: ReceiptRow, i: number) => {
  if (change.client_company === undefined || change.client_company === row.clientCompanyId) return null;
  if (side === 'client') throw ValidationError.field(`receipts.${i}.client_company`, 'Only your accountant can move a receipt to another company.');
  const company = await findVisibleCompany(db, requireFirmActor(actor), change.client_company);
  if (!company) throw ValidationError.field(`receipts.${i}.client_company`, 'Client company is not valid.');
  return company.pk;
};

/**
 * Edits receipts of one company (or the firm's inbox): read fields, note,
 * done, and on the accountant side the company it belongs to. Every change is
 * checked before any is written; all are written in one transaction with their
 * audit entries.
 */
/** Fields whose change can change which charge the receipt is (the company too, by moving it). */
const MATCHED_ON = ['vendor', 'receiptDate', 'total', 'currency'];

const updateInScope = async (
  db: Db,
  jobs: Pick<JobQueue, 'send'>,
  actor: Actor,
  scope: ReceiptScope,
  side: Side | 'inbox',
  changes: ReceiptChange[],
): Promise<Receipt[]> => {
  const rows = await findScopedReceipts(
    db,
    scope,
    changes.map((c) => c.pk),
  );
  const plans: { row: ReceiptRow; values: ReceiptValues; moveTo: number | null }[] = [];
  for (const [i, change] of changes.entries()) {
    const row = rows.find((r) => r.pk === change.pk)!;
    const values = fieldValues(change);
    if (change.finished) {
      if (!(RECEIPT_LIST_STATUSES.active as readonly string[]).includes(row.status))
        throw ValidationError.field(`receipts.${i}.finished`, 'This receipt is already done.');
      if (row.clientCompanyId === null && change.client_company === undefined)
        throw ValidationError.field(`receipts.${i}.finished`, 'Give the receipt to a client company first.');
      values.status = 'FINISHED_IN_HERD';
    }
    plans.push({ row, values, moveTo: await moveTarget(db, actor, side, change, row, i) });
  }
  await db.transaction(async (tx) => {
    for (const { row, values, moveTo } of plans) {
      const moved = moveTo === null ? {} : { clientCompanyId: moveTo, duplicateOfId: null, transactionId: null };
      // A match Herd made, undone by the move (only the firm moves a receipt): read while the receipt still holds it.
      if (moveTo !== null && row.transactionId !== null && row.clientCompanyId !== null) {
        const matched = { firmId: row.firmId, companyPk: row.clientCompanyId, transactionPk: row.transactionId, fileId: row.fileId };
        await recordMatcherOverruled(tx, { ...matched, by: 'accountant' });
      }
      await tx
        .update(receipts)
        .set({ ...values, ...moved, updatedAt: new Date() })
        .where(and(eq(receipts.firmId, row.firmId), eq(receipts.pk, row.pk)));
      if (moveTo !== null) {
        const fileIds = [row.fileId, ...(row.thumbnailFileId === null ? [] : [row.thumbnailFileId])];
        await tx
          .update(files)
          .set({ clientCompanyId: moveTo })
          .where(and(eq(files.firmId, row.firmId), inArray(files.pk, fileIds)));
        await tx
          .update(notes)
          .set({ clientCompanyId: moveTo })
          .where(and(eq(notes.firmId, row.firmId), eq(notes.targetType, 'RECEIPT'), eq(notes.targetPk, row.pk)));
        await tx.delete(receiptMatches).where(eq(receiptMatches.receiptId, row.pk));
        // Receipts left behind no longer repeat one that is now another company's.
        await tx
          .update(receipts)
          .set({ duplicateOfId: null })
          .where(and(eq(receipts.firmId, row.firmId), eq(receipts.duplicateOfId, row.pk)));
      }
      const statusChange = values.status && values.status !== row.status ? { from: row.status, to: values.status } : {};
      const fields = Object.keys(values).filter((k) => k !== 'status');
      await writeAudit(tx, {
        firmId: row.firmId,
        actorUserId: actor.userId,
        action: 'receipt.update',
        targetType: 'receipt',
        targetPk: row.pk,
        details: { ...statusChange, fields, ...(moveTo === null ? {} : { moved_from: row.clientCompanyId, moved_to: moveTo }) },
      });
    }
  });
  // A person's correction of what was read (or a new company) may now point at a charge: look again.
  for (const { row, values, moveTo } of plans) {
    if (moveTo !== null || Object.keys(values).some((k) => MATCHED_ON.includes(k))) await queueReceiptMatch(jobs, row.pk);
  }
  const full = await findFullReceipts(
    db,
    scope.home.firmId,
    rows.map((r) => r.pk),
  );
  return rows.map((r) => toReceipt(full.find((f) => f.receipt.pk === r.pk)!));
};

export const updateCompanyReceipts = async (
  { db, jobs }: Pick<AppDeps, 'db' | 'jobs'>,
  actor: Actor,
  { side, companyPk, changes }: { side: Side; companyPk: number; changes: ReceiptChange[] },
) => updateInScope(db, jobs, actor, await companyReceiptScope(db, actor, companyPk, side), side, changes);

export const updateInboxReceipts = ({ db, jobs }: Pick<AppDeps, 'db' | 'jobs'>, actor: Actor, { changes }: { changes: ReceiptChange[] }) =>
  updateInScope(db, jobs, actor, inboxScope(actor), 'inbox', changes);
