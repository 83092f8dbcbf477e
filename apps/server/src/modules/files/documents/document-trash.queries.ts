import { and, count, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client.js';
import { documents, firmMembers, users } from '../../../db/schema/index.js';
import type { DocumentHome } from './documents.queries.js';

const homeWhere = (home: DocumentHome) => and(eq(documents.firmId, home.firmId), eq(documents.clientCompanyId, home.companyPk));
const inTrash = isNotNull(documents.deletedAt);

/**
 * The first of some folders that holds, at any depth among live items, something the deleting person
 * may not delete: what the firm added (for the client's own people) or an accountant-only folder (for
 * anyone on the client's screens, who cannot see it). Null when every folder holds only what they may delete.
 */
export const findFolderHoldingLocked = async (db: Db, home: DocumentHome, folderPks: number[], locked: { firmItems: boolean }): Promise<number | null> => {
  if (folderPks.length === 0) return null;
  const rows = (await db.execute(sql`
    with recursive tree(root, pk, kind, blocks, depth) as (
      select pk, pk, kind, false, 0 from ${documents}
        where firm_id = ${home.firmId} and client_company_id = ${home.companyPk} and pk in (${sql.join(folderPks, sql`, `)})
      union all
      select t.root, d.pk, d.kind, d.accountant_only ${locked.firmItems ? sql`or not d.added_by_client` : sql``}, t.depth + 1
        from ${documents} d join tree t on d.parent_id = t.pk
        where d.firm_id = ${home.firmId} and d.client_company_id = ${home.companyPk} and d.deleted_at is null
          and t.kind = 'FOLDER' and not t.blocks and t.depth < 200
    )
    select root from tree where blocks limit 1`)) as { rows: { root: number }[] };
  const root = rows.rows[0]?.root;
  return root === undefined ? null : Number(root);
};

/** The folder an item was in, read under another name beside the item itself. */
const parent = alias(documents, 'parent');

/** One page of what the company's trash holds (each item put there, not what it held), newest first, with who put it there. */
export const listTrash = (db: Db, home: DocumentHome, page: { limit: number; offset: number }) =>
  db
    .select({
      row: documents,
      deletedByName: sql<string | null>`nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '')`,
      deletedByEmail: users.email,
      deletedByFirm: sql<boolean>`${firmMembers.pk} is not null`,
      wasIn: parent.name,
    })
    .from(documents)
    .leftJoin(users, eq(users.pk, documents.deletedBy))
    .leftJoin(firmMembers, and(eq(firmMembers.userId, documents.deletedBy), eq(firmMembers.firmId, home.firmId)))
    .leftJoin(parent, and(eq(parent.pk, documents.parentId), eq(parent.firmId, home.firmId), eq(parent.clientCompanyId, home.companyPk)))
    .where(and(homeWhere(home), inTrash))
    .orderBy(desc(documents.deletedAt), desc(documents.pk))
    .limit(page.limit)
    .offset(page.offset);

export const countTrash = async (db: Db, home: DocumentHome) => {
  const [row] = await db
    .select({ n: count() })
    .from(documents)
    .where(and(homeWhere(home), inTrash));
  return row?.n ?? 0;
};

/** Items of the company's trash by pk; a pk not in it (live, another company's, gone for good) is simply absent. */
export const findTrashed = (db: Db, home: DocumentHome, pks: number[]) =>
  db
    .select()
    .from(documents)
    .where(and(homeWhere(home), inArray(documents.pk, pks), inTrash));
