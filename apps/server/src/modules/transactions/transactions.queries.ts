import { and, asc, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { TransactionListQuery } from '@herd/contract';
import type { Db } from '../../db/client.js';
import {
  files,
  ledgerAccounts,
  ledgerRefs,
  notes,
  syncErrors,
  transactionAttachments,
  transactionLines,
  transactions,
} from '../../db/schema/index.js';

export type TransactionRow = typeof transactions.$inferSelect;
export type LineRow = typeof transactionLines.$inferSelect;

const ORDER: Record<TransactionListQuery['ordering'], SQL[]> = {
  date: [asc(transactions.date), asc(transactions.pk)],
  '-date': [desc(transactions.date), desc(transactions.pk)],
  amount: [asc(transactions.amount), asc(transactions.pk)],
  '-amount': [desc(transactions.amount), desc(transactions.pk)],
};

export const pageOfTransactions = async (
  db: Db,
  where: SQL,
  page: { ordering: TransactionListQuery['ordering']; limit: number; offset: number },
) => {
  const rows = await db
    .select()
    .from(transactions)
    .where(where)
    .orderBy(...ORDER[page.ordering])
    .limit(page.limit)
    .offset(page.offset);
  return rows;
};

export const countTransactions = async (db: Db, where: SQL) => {
  const [row] = await db.select({ n: count() }).from(transactions).where(where);
  return row?.n ?? 0;
};

export const findTransactionsOfCompany = (db: Db, companyPk: number, pks: number[]) =>
  pks.length === 0
    ? Promise.resolve([] as TransactionRow[])
    : db
        .select()
        .from(transactions)
        .where(and(eq(transactions.clientCompanyId, companyPk), inArray(transactions.pk, pks)));

/** Lines, attachments, open sync errors, note counts and the names of every referenced object, for a page. */
export const loadDetails = async (db: Db, txPks: number[]) => {
  if (txPks.length === 0) return { lines: [], attachments: [], errors: [], noteCounts: [], accounts: [], refs: [] };
  const lines = await db
    .select()
    .from(transactionLines)
    .where(inArray(transactionLines.transactionId, txPks))
    .orderBy(asc(transactionLines.transactionId), asc(transactionLines.position));
  const attachments = await db
    .select({ pk: transactionAttachments.pk, transactionId: transactionAttachments.transactionId, fileId: files.pk, name: files.name, contentType: files.contentType })
    .from(transactionAttachments)
    .innerJoin(files, eq(files.pk, transactionAttachments.fileId))
    .where(inArray(transactionAttachments.transactionId, txPks))
    .orderBy(asc(transactionAttachments.pk));
  const errors = await db
    .select()
    .from(syncErrors)
    .where(and(inArray(syncErrors.transactionId, txPks), isNull(syncErrors.clearedAt)))
    .orderBy(asc(syncErrors.pk));
  const noteCounts = await db
    .select({ targetPk: notes.targetPk, n: count() })
    .from(notes)
    .where(and(eq(notes.targetType, 'TRANSACTION'), inArray(notes.targetPk, txPks)))
    .groupBy(notes.targetPk);
  return { lines, attachments, errors, noteCounts, ...(await loadNames(db, lines)) };
};

/** Names of the accounts and reference objects the lines point at. */
const loadNames = async (db: Db, lines: LineRow[]) => {
  const accountIds = [...new Set(lines.map((l) => l.categoryId).filter((v): v is number => v !== null))];
  const refIds = [
    ...new Set(
      lines
        .flatMap((l) => [l.vendorId, l.customerId, l.classId, l.locationId, l.taxId, l.trackingOptionOneId, l.trackingOptionTwoId])
        .filter((v): v is number => v !== null),
    ),
  ];
  const accounts = accountIds.length
    ? await db.select({ pk: ledgerAccounts.pk, name: ledgerAccounts.name }).from(ledgerAccounts).where(inArray(ledgerAccounts.pk, accountIds))
    : [];
  const refs = refIds.length ? await db.select({ pk: ledgerRefs.pk, name: ledgerRefs.name }).from(ledgerRefs).where(inArray(ledgerRefs.pk, refIds)) : [];
  return { accounts, refs };
};

export const findAccountNames = (db: Db, pks: number[]) =>
  pks.length === 0
    ? Promise.resolve([])
    : db.select({ pk: ledgerAccounts.pk, name: ledgerAccounts.name }).from(ledgerAccounts).where(inArray(ledgerAccounts.pk, pks));

export const updateTransactions = (db: Db, pks: number[], values: Partial<typeof transactions.$inferInsert>) =>
  db
    .update(transactions)
    .set({ ...values, updatedAt: new Date() })
    .where(inArray(transactions.pk, pks));

export const deleteLines = (db: Db, txPk: number) => db.delete(transactionLines).where(eq(transactionLines.transactionId, txPk));

export const insertLines = (db: Db, rows: (typeof transactionLines.$inferInsert)[]) =>
  rows.length === 0 ? Promise.resolve() : db.insert(transactionLines).values(rows);

export const clearSyncErrors = (db: Db, pks: number[]) =>
  db
    .update(syncErrors)
    .set({ clearedAt: new Date() })
    .where(and(inArray(syncErrors.transactionId, pks), isNull(syncErrors.clearedAt)));

export const openSyncErrorCount = async (db: Db, txPk: number) => {
  const [row] = await db
    .select({ n: count() })
    .from(syncErrors)
    .where(and(eq(syncErrors.transactionId, txPk), isNull(syncErrors.clearedAt)));
  return row?.n ?? 0;
};

/** Counts per list for one company in a single pass over its rows. */
export const countByList = async (db: Db, companyPk: number, extraWhere?: SQL) => {
  const [row] = await db
    .select({
      active: sql<number>`count(*) filter (where not ${transactions.isHidden} and ${transactions.status} in ('READY','SYNC_ERROR','PROCESSING'))`.mapWith(Number),
      categorized: sql<number>`count(*) filter (where not ${transactions.isHidden} and ${transactions.status} in ('FINISHED_IN_HERD','SYNC_ERROR','PUBLISHED_IN_PLATFORM','MATCHED_TO_PLATFORM'))`.mapWith(Number),
      hidden: sql<number>`count(*) filter (where ${transactions.isHidden})`.mapWith(Number),
      syncErrors: sql<number>`count(*) filter (where not ${transactions.isHidden} and ${transactions.status} = 'SYNC_ERROR')`.mapWith(Number),
      ready: sql<number>`count(*) filter (where not ${transactions.isHidden} and ${transactions.status} = 'READY')`.mapWith(Number),
      completed: sql<number>`count(*) filter (where not ${transactions.isHidden} and ${transactions.status} in ('FINISHED_IN_HERD','SYNC_ERROR','PROCESSING','PUBLISHED_IN_PLATFORM','MATCHED_TO_PLATFORM'))`.mapWith(Number),
    })
    .from(transactions)
    .where(and(eq(transactions.clientCompanyId, companyPk), extraWhere));
  return row ?? { active: 0, categorized: 0, hidden: 0, syncErrors: 0, ready: 0, completed: 0 };
};
