import { and, asc, count, desc, eq, ilike, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { DocumentOrdering } from '@herd/contract';
import type { Db } from '../../../db/client.js';
import { documents, documentYearFolders, files, users } from '../../../db/schema/index.js';

export type DocumentRow = typeof documents.$inferSelect;
/** Whose documents: the firm and the company are in every WHERE. */
export interface DocumentHome {
  firmId: number;
  companyPk: number;
}

const homeWhere = (home: DocumentHome) => and(eq(documents.firmId, home.firmId), eq(documents.clientCompanyId, home.companyPk));
const live = isNull(documents.deletedAt);
/** The parent as the indexes read it: 0 at the top level. */
const parentKey = sql`coalesce(${documents.parentId}, 0)`;
const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

export const findDocument = async (db: Db, home: DocumentHome, pk: number) => {
  const [row] = await db
    .select()
    .from(documents)
    .where(and(homeWhere(home), eq(documents.pk, pk), live));
  return row ?? null;
};

export const findDocuments = (db: Db, home: DocumentHome, pks: number[]) =>
  db
    .select()
    .from(documents)
    .where(and(homeWhere(home), inArray(documents.pk, pks), live));

/**
 * A folder and its ancestors, the top one first, read with one recursive query. An item in the
 * trash breaks the chain: the answer then ends short of the top and the caller treats it as gone.
 */
export const findChain = async (db: Db, home: DocumentHome, pk: number): Promise<DocumentRow[]> => {
  const rows = (await db.execute(sql`
    with recursive chain(pk, parent_id, depth) as (
      select pk, parent_id, 0 from ${documents}
        where pk = ${pk} and firm_id = ${home.firmId} and client_company_id = ${home.companyPk} and deleted_at is null
      union all
      select d.pk, d.parent_id, c.depth + 1 from ${documents} d join chain c on d.pk = c.parent_id
        where d.firm_id = ${home.firmId} and d.client_company_id = ${home.companyPk} and d.deleted_at is null and c.depth < 200
    )
    select pk, depth from chain`)) as { rows: { pk: number; depth: number }[] };
  const pks = rows.rows.map((r) => Number(r.pk));
  if (pks.length === 0) return [];
  const found = await findDocuments(db, home, pks);
  const depthOf = new Map(rows.rows.map((r) => [Number(r.pk), Number(r.depth)]));
  const chain = found.sort((a, b) => depthOf.get(b.pk)! - depthOf.get(a.pk)!);
  // Reached the top only if the first link has no parent; anything else is a chain cut by the trash.
  return chain[0]?.parentId === null ? chain : [];
};

export interface FolderListing {
  parentPk: number | null;
  search?: string;
  ordering: DocumentOrdering;
  /** A client's view: accountant-only folders are left out. */
  clientView: boolean;
  limit: number;
  offset: number;
}

const listingWhere = (home: DocumentHome, q: Pick<FolderListing, 'parentPk' | 'clientView'>, search?: string): SQL | undefined =>
  and(
    homeWhere(home),
    sql`${parentKey} = ${q.parentPk ?? 0}`,
    live,
    q.clientView ? eq(documents.accountantOnly, false) : undefined,
    // lower(name), as the name index holds it: the search is answered from the index alone.
    search ? sql`lower(${documents.name}) like ${`%${escapeLike(search.toLowerCase())}%`}` : undefined,
  );

const orderingOf = (ordering: DocumentOrdering) => {
  const dir = ordering.startsWith('-') ? desc : asc;
  const field = ordering.replace('-', '');
  const key = field === 'name' ? sql`lower(${documents.name})` : field === 'size' ? documents.size : documents.updatedAt;
  // Folders first whatever the order, as a file manager shows them; the pk settles ties so pages never overlap.
  return [asc(documents.kind), dir(key), dir(documents.pk)];
};

export const listFolder = (db: Db, home: DocumentHome, q: FolderListing) =>
  db
    .select({ row: documents, addedBy: sql<string | null>`nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '')` })
    .from(documents)
    .leftJoin(users, eq(users.pk, documents.createdBy))
    .where(listingWhere(home, q, q.search))
    .orderBy(...orderingOf(q.ordering))
    .limit(q.limit)
    .offset(q.offset);

export const countFolder = async (db: Db, home: DocumentHome, q: Pick<FolderListing, 'parentPk' | 'clientView'>, search?: string) => {
  const [row] = await db
    .select({ n: count() })
    .from(documents)
    .where(listingWhere(home, q, search));
  return row?.n ?? 0;
};

/** Every live folder of the company with its parent, for paths and "Move to…". */
export const listAllFolders = (db: Db, home: DocumentHome) =>
  db
    .select({ pk: documents.pk, parentId: documents.parentId, name: documents.name, accountantOnly: documents.accountantOnly })
    .from(documents)
    .where(and(homeWhere(home), eq(documents.kind, 'FOLDER'), live));

/** The names already used in a folder that start with `stem` (case folded), to offer the next free "name (n)". */
export const namesLike = async (db: Db, home: DocumentHome, parentPk: number | null, stem: string) => {
  const rows = await db
    .select({ name: documents.name })
    .from(documents)
    .where(and(homeWhere(home), sql`${parentKey} = ${parentPk ?? 0}`, live, ilike(documents.name, `${escapeLike(stem)}%`)));
  return new Set(rows.map((r) => r.name.toLowerCase()));
};

export type NewDocument = Omit<typeof documents.$inferInsert, 'pk' | 'createdAt' | 'updatedAt' | 'deletedAt' | 'deletionId' | 'deletedBy'>;

export const insertDocument = async (db: Db, values: NewDocument) => {
  const [row] = await db.insert(documents).values(values).returning();
  return row!;
};

export const updateDocument = async (db: Db, home: DocumentHome, pk: number, values: Partial<Pick<DocumentRow, 'name' | 'accountantOnly' | 'parentId'>>) => {
  const [row] = await db
    .update(documents)
    .set({ ...values, updatedAt: new Date() })
    .where(and(homeWhere(home), eq(documents.pk, pk), live))
    .returning();
  return row ?? null;
};

export const trashDocuments = (db: Db, home: DocumentHome, pks: number[], deletion: { id: string; by: number }) =>
  db
    .update(documents)
    .set({ deletedAt: new Date(), deletionId: deletion.id, deletedBy: deletion.by })
    .where(and(homeWhere(home), inArray(documents.pk, pks), live))
    .returning({ pk: documents.pk });

export const findDeletion = (db: Db, home: DocumentHome, deletionId: string) =>
  db
    .select()
    .from(documents)
    .where(and(homeWhere(home), eq(documents.deletionId, deletionId), sql`${documents.deletedAt} is not null`));

export const untrashDocument = async (db: Db, home: DocumentHome, pk: number, name: string) => {
  const [row] = await db
    .update(documents)
    .set({ deletedAt: null, deletionId: null, deletedBy: null, name })
    .where(and(homeWhere(home), eq(documents.pk, pk)))
    .returning();
  return row!;
};

/** The live files under some folders, at any depth, with the names of their path from the folder each descends from (that folder's first, the file's last). */
export const findSubtreeFiles = async (db: Db, home: DocumentHome, folderPks: number[], clientView: boolean) => {
  if (folderPks.length === 0) return [];
  const rows = (await db.execute(sql`
    with recursive tree(pk, kind, path, depth) as (
      select pk, kind, array[name], 0 from ${documents}
        where firm_id = ${home.firmId} and client_company_id = ${home.companyPk} and deleted_at is null
          and pk in (${sql.join(folderPks, sql`, `)})
      union all
      select d.pk, d.kind, t.path || d.name, t.depth + 1 from ${documents} d join tree t on d.parent_id = t.pk
        where d.firm_id = ${home.firmId} and d.client_company_id = ${home.companyPk} and d.deleted_at is null and t.kind = 'FOLDER'
          and t.depth < 200 ${clientView ? sql`and not d.accountant_only` : sql``}
    )
    select pk, path from tree where kind = 'FILE'`)) as { rows: { pk: number; path: string[] }[] };
  return rows.rows.map((r) => ({ pk: Number(r.pk), path: r.path }));
};

/** Gives the company its folder for a year, once: the claim and the folder are one statement, so two first readers make one. */
export const giveYearFolder = async (db: Db, home: DocumentHome, year: number) => {
  await db.execute(sql`
    with claimed as (
      insert into ${documentYearFolders} (client_company_id, year) values (${home.companyPk}, ${year}) on conflict do nothing returning year
    )
    insert into ${documents} (firm_id, client_company_id, parent_id, kind, name)
      select ${home.firmId}, ${home.companyPk}, null, 'FOLDER', year::text from claimed
    on conflict do nothing`);
};

/** The stored objects of some document files of the company. */
export const findStorageKeys = (db: Db, home: DocumentHome, documentPks: number[]) =>
  documentPks.length === 0
    ? Promise.resolve([])
    : db
        .select({ pk: documents.pk, key: files.storageKey })
        .from(documents)
        .innerJoin(files, and(eq(files.pk, documents.fileId), eq(files.firmId, home.firmId)))
        .where(and(homeWhere(home), inArray(documents.pk, documentPks)));

/** Items in the trash since before `before`, oldest first: what a purge removes. */
export const findExpiredTrash = async (db: Db, before: Date, limit: number) =>
  (
    await db
      .select({ pk: documents.pk })
      .from(documents)
      .where(sql`${documents.deletedAt} is not null and ${documents.deletedAt} < ${before.toISOString()}::timestamptz`)
      .orderBy(asc(documents.deletedAt))
      .limit(limit)
  ).map((r) => r.pk);

/**
 * Deletes trashed items with everything under them and the file rows of their files, answering the storage
 * keys those rows held (the bytes to delete once this commits). Rows under a deleted folder go with it
 * (the parent key cascades); a file row goes only if no other object (a receipt, an attachment) uses it.
 */
export const deleteFilesAndTrash = async (db: Db, rootPks: number[]) => {
  const found = (await db.execute(sql`
    with recursive tree(pk, file_id, depth) as (
      select pk, file_id, 0 from ${documents} where pk in (${sql.join(rootPks, sql`, `)})
      union all
      select d.pk, d.file_id, t.depth + 1 from ${documents} d join tree t on d.parent_id = t.pk where t.depth < 200
    )
    select distinct file_id from tree where file_id is not null`)) as { rows: { file_id: number }[] };
  const fileIds = found.rows.map((r) => Number(r.file_id));
  await db.delete(documents).where(inArray(documents.pk, rootPks));
  if (fileIds.length === 0) return [];
  const gone = (await db.execute(sql`
    delete from ${files} f where f.pk in (${sql.join(fileIds, sql`, `)})
      and not exists (select 1 from ${documents} d where d.file_id = f.pk)
      and not exists (select 1 from receipts r where r.file_id = f.pk or r.thumbnail_file_id = f.pk)
      and not exists (select 1 from transaction_attachments a where a.file_id = f.pk)
      and not exists (select 1 from communication_files c where c.file_id = f.pk)
    returning f.storage_key`)) as { rows: { storage_key: string }[] };
  return gone.rows.map((r) => r.storage_key);
};
