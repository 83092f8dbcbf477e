import { and, asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { DocumentOrdering, SmartFolder } from '@herd/contract';
import type { Db } from '../../../db/client.js';
import { communicationFiles, communications, files, receipts, transactionAttachments, transactions, users } from '../../../db/schema/index.js';
import { restrictionWhere, type AccountRestrictions } from '../../../kernel/account-scope.js';
import { viewerWhere } from '../receipts/receipts.face.js';
import type { DocumentHome } from './documents.queries.js';

/** Who reads a smart folder: a client (not an accountant viewing as one) is limited as on the screens the files come from. */
export interface SmartViewer {
  clientView: boolean;
  /** Set for a client's own people: their account restrictions and who they are (their own receipts). */
  client: { userPk: number; restrictions: AccountRestrictions } | null;
}

export interface SmartListing {
  search?: string;
  ordering: DocumentOrdering;
  limit: number;
  offset: number;
}

export interface SmartRow {
  filePk: number;
  name: string;
  size: number;
  contentType: string;
  createdAt: Date;
  addedBy: string | null;
  objectPk: number;
  label: string;
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);
const personName = sql<string | null>`nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '')`;

const orderingOf = (ordering: DocumentOrdering) => {
  const dir = ordering.startsWith('-') ? desc : asc;
  const field = ordering.replace('-', '');
  const key = field === 'name' ? sql`lower(${files.name})` : field === 'size' ? files.size : files.createdAt;
  return [dir(key), dir(files.pk)];
};

/** One smart folder's source: its rows (a file and the object it belongs to) and the condition that keeps it to the company and the viewer. */
const sourceOf = (folder: SmartFolder, home: DocumentHome, viewer: SmartViewer) => {
  if (folder === 'RECEIPTS')
    return {
      object: receipts.pk,
      label: sql<string>`coalesce(nullif(${receipts.vendor}, ''), 'Receipt')`,
      from: (q: ReturnType<typeof selectFrom>) => q.from(receipts).innerJoin(files, eq(files.pk, receipts.fileId)).leftJoin(users, eq(users.pk, receipts.uploadedBy)),
      where: and(eq(receipts.firmId, home.firmId), eq(receipts.clientCompanyId, home.companyPk), viewer.client ? viewerWhere(viewer.client) : undefined),
      searchIn: sql`coalesce(${receipts.vendor}, '')`,
    };
  if (folder === 'REQUESTS')
    return {
      object: communications.pk,
      label: communications.subject,
      from: (q: ReturnType<typeof selectFrom>) =>
        q
          .from(communicationFiles)
          .innerJoin(communications, eq(communications.pk, communicationFiles.communicationId))
          .innerJoin(files, eq(files.pk, communicationFiles.fileId))
          .leftJoin(users, eq(users.pk, communicationFiles.addedBy)),
      // A hidden request is the firm's only.
      where: and(
        eq(communications.firmId, home.firmId),
        eq(communications.clientCompanyId, home.companyPk),
        viewer.clientView ? eq(communications.isHidden, false) : undefined,
      ),
      searchIn: sql`${communications.subject}`,
    };
  return {
    object: transactions.pk,
    label: sql<string>`${transactions.date}::text || ' ' || coalesce(nullif(${transactions.payee}, ''), ${transactions.description})`,
    from: (q: ReturnType<typeof selectFrom>) =>
      q
        .from(transactionAttachments)
        .innerJoin(transactions, eq(transactions.pk, transactionAttachments.transactionId))
        .innerJoin(files, eq(files.pk, transactionAttachments.fileId))
        .leftJoin(users, eq(users.pk, files.createdBy)),
    where: and(
      // A transaction row names no firm: its company (the firm's, checked by the scope) is its tenant.
      eq(transactions.clientCompanyId, home.companyPk),
      viewer.client
        ? restrictionWhere(viewer.client.restrictions, { paymentAccountId: transactions.paymentAccountId, watchedAccountId: transactions.watchedAccountId })
        : undefined,
    ),
    searchIn: sql`${transactions.payee}`,
  };
};

const selectFrom = (db: Db, fields: Record<string, SQL>) => db.select(fields);

const searchWhere = (searchIn: SQL, search?: string) =>
  search ? or(ilike(files.name, `%${escapeLike(search)}%`), ilike(searchIn, `%${escapeLike(search)}%`)) : undefined;

/** A page of a smart folder's files: each file once, with the object it belongs to. */
export const listSmartFolder = async (db: Db, folder: SmartFolder, home: DocumentHome, viewer: SmartViewer, q: SmartListing): Promise<SmartRow[]> => {
  const source = sourceOf(folder, home, viewer);
  const fields = {
    filePk: sql`${files.pk}`,
    name: sql`${files.name}`,
    size: sql`${files.size}`,
    contentType: sql`${files.contentType}`,
    createdAt: sql`${files.createdAt}`,
    addedBy: personName,
    objectPk: sql`${source.object}`,
    label: sql`${source.label}`,
  };
  const rows = await source
    .from(selectFrom(db, fields))
    .where(and(source.where, searchWhere(source.searchIn, q.search)))
    .orderBy(...orderingOf(q.ordering))
    .limit(q.limit)
    .offset(q.offset);
  // Fields read through sql`` come back as the driver gives them: numbers and dates are made so here.
  return (rows as Record<keyof SmartRow, unknown>[]).map((r) => ({
    filePk: Number(r.filePk),
    name: String(r.name),
    size: Number(r.size),
    contentType: String(r.contentType),
    createdAt: new Date(r.createdAt as string),
    addedBy: (r.addedBy as string | null) ?? null,
    objectPk: Number(r.objectPk),
    label: String(r.label),
  }));
};

export const countSmartFolder = async (db: Db, folder: SmartFolder, home: DocumentHome, viewer: SmartViewer, search?: string) => {
  const source = sourceOf(folder, home, viewer);
  const [row] = await source.from(selectFrom(db, { n: sql`count(*)::int` })).where(and(source.where, searchWhere(source.searchIn, search)));
  return Number((row as { n: number } | undefined)?.n ?? 0);
};

/** Whether a stored file of the company is one a smart folder shows this viewer (what the zip of a selection may hold). */
export const smartFileVisible = async (db: Db, folder: SmartFolder, home: DocumentHome, viewer: SmartViewer, filePk: number) => {
  const source = sourceOf(folder, home, viewer);
  const rows = await source
    .from(selectFrom(db, { filePk: sql`${files.pk}` }))
    .where(and(source.where, eq(files.pk, filePk)))
    .limit(1);
  return rows.length > 0;
};
