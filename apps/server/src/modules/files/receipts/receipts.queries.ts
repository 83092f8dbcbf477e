import { and, asc, count, desc, eq, exists, ilike, inArray, isNotNull, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ReceiptListQuery, TransactionStatus } from '@herd/contract';
import type { Db } from '../../../db/client.js';
import { clientCompanies, files, notes, receipts, transactions, users } from '../../../db/schema/index.js';
import { restrictionWhere, type AccountRestrictions } from '../../../kernel/account-scope.js';

// Every query names the firm, and the company (or the firm's inbox: no company) it reads.

export type ReceiptRow = typeof receipts.$inferSelect;

/** Where the receipts live: one company of the firm, or the firm's inbox (no company yet). */
export interface ReceiptHome {
  firmId: number;
  companyPk: number | null;
}

/**
 * What a restricted client user sees of a company's receipts: those they
 * handed over themselves, and those matched to a transaction within their
 * accounts. Undefined (no limit) for everyone else.
 */
export interface ReceiptViewer {
  userPk: number;
  restrictions: AccountRestrictions;
}

const homeWhere = (home: ReceiptHome) =>
  and(eq(receipts.firmId, home.firmId), home.companyPk === null ? isNull(receipts.clientCompanyId) : eq(receipts.clientCompanyId, home.companyPk));

export const viewerWhere = (viewer: ReceiptViewer | null): SQL | undefined => {
  if (!viewer) return undefined;
  const limit = restrictionWhere(viewer.restrictions, { paymentAccountId: transactions.paymentAccountId, watchedAccountId: transactions.watchedAccountId });
  if (!limit) return undefined;
  const matchedWithin = exists(
    sql`(select 1 from ${transactions} where ${transactions.pk} = ${receipts.transactionId} and ${transactions.clientCompanyId} = ${receipts.clientCompanyId} and ${limit})`,
  );
  return or(eq(receipts.uploadedBy, viewer.userPk), matchedWithin);
};

export type ReceiptListKind = 'active' | 'completed' | 'hidden';

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

const listWhere = (home: ReceiptHome, viewer: ReceiptViewer | null, statuses: readonly TransactionStatus[] | null, hidden: boolean, q: Partial<ReceiptListQuery>) =>
  and(
    homeWhere(home),
    eq(receipts.isHidden, hidden),
    statuses ? inArray(receipts.status, [...statuses]) : undefined,
    viewerWhere(viewer),
    q.source ? eq(receipts.source, q.source) : undefined,
    q.duplicates === 'true' ? isNotNull(receipts.duplicateOfId) : q.duplicates === 'false' ? isNull(receipts.duplicateOfId) : undefined,
    q.search
      ? or(ilike(receipts.vendor, `%${escapeLike(q.search)}%`), ilike(receipts.note, `%${escapeLike(q.search)}%`), ilike(files.name, `%${escapeLike(q.search)}%`))
      : undefined,
  );

const ORDER: Record<ReceiptListQuery['ordering'], SQL[]> = {
  '-created_at': [desc(receipts.createdAt), desc(receipts.pk)],
  created_at: [asc(receipts.createdAt), asc(receipts.pk)],
  '-date': [sql`${receipts.receiptDate} desc nulls last`, desc(receipts.pk)],
  date: [sql`${receipts.receiptDate} asc nulls last`, asc(receipts.pk)],
  '-total': [sql`${receipts.total} desc nulls last`, desc(receipts.pk)],
  total: [sql`${receipts.total} asc nulls last`, asc(receipts.pk)],
};

const thumbnails = alias(files, 'thumbnails');

/** Receipts with what their answer shows: the file, the thumbnail, the company's and uploader's names, how many notes. */
const selectFull = (db: Db) =>
  db
    .select({
      receipt: receipts,
      file: files,
      thumbnail: thumbnails,
      companyName: clientCompanies.name,
      uploader: { firstName: users.firstName, lastName: users.lastName, email: users.email },
      notesCount:
        sql<number>`(select count(*) from ${notes} where ${notes.firmId} = ${receipts.firmId} and ${notes.targetType} = 'RECEIPT' and ${notes.targetPk} = ${receipts.pk})`.mapWith(
          Number,
        ),
    })
    .from(receipts)
    .innerJoin(files, eq(files.pk, receipts.fileId))
    .leftJoin(thumbnails, eq(thumbnails.pk, receipts.thumbnailFileId))
    .leftJoin(clientCompanies, eq(clientCompanies.pk, receipts.clientCompanyId))
    .leftJoin(users, eq(users.pk, receipts.uploadedBy));
export type FullReceiptRow = Awaited<ReturnType<ReturnType<typeof selectFull>['execute']>>[number];

export const listReceipts = async (
  db: Db,
  home: ReceiptHome,
  viewer: ReceiptViewer | null,
  list: { statuses: readonly TransactionStatus[] | null; hidden: boolean },
  q: ReceiptListQuery,
) => {
  const where = listWhere(home, viewer, list.statuses, list.hidden, q);
  const [total] = await db.select({ n: count() }).from(receipts).innerJoin(files, eq(files.pk, receipts.fileId)).where(where);
  const rows = await selectFull(db)
    .where(where)
    .orderBy(...ORDER[q.ordering])
    .limit(q.page_size)
    .offset((q.page - 1) * q.page_size);
  return { count: total?.n ?? 0, rows };
};

export const findFullReceipts = (db: Db, firmId: number, pks: number[]) =>
  pks.length === 0 ? Promise.resolve([]) : selectFull(db).where(and(eq(receipts.firmId, firmId), inArray(receipts.pk, pks)));

/** The home's receipts with these pks that the viewer may see. */
export const findReceipts = (db: Db, home: ReceiptHome, viewer: ReceiptViewer | null, pks: number[]) =>
  db
    .select()
    .from(receipts)
    .where(and(homeWhere(home), inArray(receipts.pk, pks), viewerWhere(viewer)));

/** The home's receipts whose file or thumbnail is this file, that the viewer may see. */
export const findReceiptsOfFile = (db: Db, home: ReceiptHome, viewer: ReceiptViewer | null, filePk: number) =>
  db
    .select({ pk: receipts.pk })
    .from(receipts)
    .where(and(homeWhere(home), or(eq(receipts.fileId, filePk), eq(receipts.thumbnailFileId, filePk)), viewerWhere(viewer)))
    .limit(1);

/** A receipt of the firm by its own pk: where it lives, for the checks that follow. */
export const findReceiptOfFirm = async (db: Db, firmId: number, pk: number) => {
  const [row] = await db
    .select()
    .from(receipts)
    .where(and(eq(receipts.firmId, firmId), eq(receipts.pk, pk)));
  return row ?? null;
};

/** How many receipts of the home each list holds, in one pass. */
export const countReceipts = async (
  db: Db,
  home: ReceiptHome,
  viewer: ReceiptViewer | null,
  active: readonly TransactionStatus[],
  completed: readonly TransactionStatus[],
) => {
  const inList = (statuses: readonly TransactionStatus[]) =>
    sql.join(
      statuses.map((s) => sql`${s}`),
      sql`, `,
    );
  const [row] = await db
    .select({
      active: sql<number>`count(*) filter (where not ${receipts.isHidden} and ${receipts.status} in (${inList(active)}))`.mapWith(Number),
      completed: sql<number>`count(*) filter (where not ${receipts.isHidden} and ${receipts.status} in (${inList(completed)}))`.mapWith(Number),
      hidden: sql<number>`count(*) filter (where ${receipts.isHidden})`.mapWith(Number),
      duplicates:
        sql<number>`count(*) filter (where not ${receipts.isHidden} and ${receipts.status} in (${inList(active)}) and ${receipts.duplicateOfId} is not null)`.mapWith(
          Number,
        ),
      unread: sql<number>`count(*) filter (where not ${receipts.isHidden} and ${receipts.status} in (${inList(active)}) and ${receipts.readState} = 'PENDING')`.mapWith(
        Number,
      ),
    })
    .from(receipts)
    .where(and(homeWhere(home), viewerWhere(viewer)));
  return row ?? { active: 0, completed: 0, hidden: 0, duplicates: 0, unread: 0 };
};

export const updateReceipt = (db: Db, firmId: number, pk: number, values: Partial<typeof receipts.$inferInsert>) =>
  db
    .update(receipts)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(receipts.firmId, firmId), eq(receipts.pk, pk)));

/**
 * The earliest other receipt of the same home whose file has the same bytes
 * (SHA-256), or the same vendor, date and total once those are known.
 */
export const findEarlierTwin = async (db: Db, row: ReceiptRow, sha256: string) => {
  const sameHome = and(
    eq(receipts.firmId, row.firmId),
    row.clientCompanyId === null ? isNull(receipts.clientCompanyId) : eq(receipts.clientCompanyId, row.clientCompanyId),
    ne(receipts.pk, row.pk),
    lt(receipts.pk, row.pk),
  );
  const sameRead =
    row.vendor && row.receiptDate && row.total
      ? and(sql`lower(${receipts.vendor}) = lower(${row.vendor})`, eq(receipts.receiptDate, row.receiptDate), eq(receipts.total, row.total))
      : undefined;
  const [twin] = await db
    .select({ pk: receipts.pk })
    .from(receipts)
    .innerJoin(files, eq(files.pk, receipts.fileId))
    .where(and(sameHome, sameRead ? or(eq(files.sha256, sha256), sameRead) : eq(files.sha256, sha256)))
    .orderBy(asc(receipts.pk))
    .limit(1);
  return twin?.pk ?? null;
};
