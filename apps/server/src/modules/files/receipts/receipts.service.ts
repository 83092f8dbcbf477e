import { and, asc, eq, inArray } from 'drizzle-orm';
import { RECEIPT_LIST_STATUSES, RECEIPT_SOURCES, TRANSACTION_STATUSES, type ReceiptListQuery, type TransactionStatus } from '@herd/contract';
import type { Db } from '../../../db/client.js';
import { clientCompanies, receipts } from '../../../db/schema/index.js';
import { ValidationError } from '../../../lib/errors.js';
import { pageLinks } from '../../../lib/pagination.js';
import type { Side } from '../../../kernel/company-access.js';
import { writeAuditMany } from '../../../kernel/audit.queries.js';
import type { Actor } from '../../../kernel/actor.js';
import { requireFirmActor } from '../../../kernel/permissions.js';
import { visibleCompaniesWhere } from '../../../kernel/visible-companies.js';
import { insertAccountantNotes } from '../../../kernel/thread-notes.queries.js';
import { companyReceiptScope, findScopedReceipts, inboxScope, type ReceiptScope } from './receipt-scope.service.js';
import { toReceipt } from './receipt.view.js';
import { countReceipts, listReceipts, type ReceiptListKind } from './receipts.queries.js';
import type { AppDeps } from '../../../app-deps.js';

const LISTS: Record<ReceiptListKind, { statuses: readonly TransactionStatus[] | null; hidden: boolean }> = {
  active: { statuses: RECEIPT_LIST_STATUSES.active, hidden: false },
  completed: { statuses: RECEIPT_LIST_STATUSES.completed, hidden: false },
  hidden: { statuses: null, hidden: true },
};

const page = async (db: Db, scope: ReceiptScope, list: ReceiptListKind, query: ReceiptListQuery, url: string) => {
  const { count, rows } = await listReceipts(db, scope.home, scope.viewer, LISTS[list], query);
  return { count, ...pageLinks(url, query.page, query.page_size, count), results: rows.map(toReceipt) };
};

/** One page of a company's active, completed or hidden receipts, from one side (`url`: the request's own, for the page links). */
export const listCompanyReceipts = async (
  { db }: Pick<AppDeps, 'db'>,
  actor: Actor,
  { side, list, companyPk, query, url }: { side: Side; list: ReceiptListKind; companyPk: number; query: ReceiptListQuery; url: string },
) => page(db, await companyReceiptScope(db, actor, companyPk, side), list, query, url);

/** The firm's inbox: receipts waiting for a company, whatever their status. */
export const listInbox = async ({ db }: Pick<AppDeps, 'db'>, actor: Actor, { query, url }: { query: ReceiptListQuery; url: string }) => {
  const scope = inboxScope(actor);
  const { count, rows } = await listReceipts(db, scope.home, null, { statuses: null, hidden: false }, query);
  return { count, ...pageLinks(url, query.page, query.page_size, count), results: rows.map(toReceipt) };
};

export const receiptCounters = async ({ db }: Pick<AppDeps, 'db'>, actor: Actor, { side, companyPk }: { side: Side; companyPk: number }) => {
  const scope = await companyReceiptScope(db, actor, companyPk, side);
  return countReceipts(db, scope.home, scope.viewer, RECEIPT_LIST_STATUSES.active, RECEIPT_LIST_STATUSES.completed);
};

/** What the accountant's lists filter by, and the companies of the firm (that this person sees) a receipt may move to. */
export const receiptChoices = async ({ db }: Pick<AppDeps, 'db'>, actor: Actor, { companyPk }: { companyPk: number }) => {
  await companyReceiptScope(db, actor, companyPk, 'accountant');
  const companies = await db
    .select({ pk: clientCompanies.pk, name: clientCompanies.name })
    .from(clientCompanies)
    .where(visibleCompaniesWhere(requireFirmActor(actor)))
    .orderBy(asc(clientCompanies.name));
  return { statuses: [...TRANSACTION_STATUSES], sources: [...RECEIPT_SOURCES], companies };
};

/** Writes a change to some receipts of the scope, with one audit entry each; a status change names the old and new status. */
const changeReceipts = async (
  db: Db,
  actor: Actor,
  scope: ReceiptScope,
  pks: number[],
  action: string,
  values: Partial<typeof receipts.$inferInsert>,
  extra?: (tx: Db, rows: Awaited<ReturnType<typeof findScopedReceipts>>) => Promise<void>,
) => {
  const rows = await findScopedReceipts(db, scope, pks);
  await db.transaction(async (tx) => {
    await tx
      .update(receipts)
      .set({ ...values, updatedAt: new Date() })
      .where(
        and(
          eq(receipts.firmId, scope.home.firmId),
          inArray(
            receipts.pk,
            rows.map((r) => r.pk),
          ),
        ),
      );
    await writeAuditMany(
      tx,
      rows.map((r) => ({
        firmId: scope.home.firmId,
        actorUserId: actor.userId,
        action,
        targetType: 'receipt',
        targetPk: r.pk,
        details: values.status && values.status !== r.status ? { from: r.status, to: values.status, viewing_as_client: scope.access?.viewingAsClient ?? false } : {},
      })),
    );
    await extra?.(tx, rows);
  });
};

/** Hide or unhide receipts: on both sides (a client only the receipts they can see). */
export const setReceiptsHidden = async (
  { db }: Pick<AppDeps, 'db'>,
  actor: Actor,
  { side, companyPk, pks, hidden }: { side: Side; companyPk: number; pks: number[]; hidden: boolean },
) => changeReceipts(db, actor, await companyReceiptScope(db, actor, companyPk, side), pks, hidden ? 'receipt.hide' : 'receipt.unhide', { isHidden: hidden });

/**
 * Sends completed receipts back to the client's active list; the accountant's
 * message, if any, goes in each receipt's note thread. Only a receipt the
 * client finished can go back: one matched in the ledger is done there.
 */
export const sendReceiptsBack = async (
  { db }: Pick<AppDeps, 'db'>,
  actor: Actor,
  { companyPk, pks, message }: { companyPk: number; pks: number[]; message: string | undefined },
) => {
  const scope = await companyReceiptScope(db, actor, companyPk, 'accountant');
  const rows = await findScopedReceipts(db, scope, pks);
  const notFinished = rows.filter((r) => r.status !== 'FINISHED_IN_HERD');
  if (notFinished.length > 0) throw ValidationError.field('pks', 'Only receipts marked as done can be sent back to the client.');
  await changeReceipts(db, actor, scope, pks, 'receipt.back', { status: 'READY' }, async (tx, changed) => {
    if (!message) return;
    await insertAccountantNotes(
      tx,
      { firmId: scope.home.firmId, companyPk: companyPk },
      'RECEIPT',
      changed.map((r) => r.pk),
      actor.userId,
      message,
    );
  });
};
