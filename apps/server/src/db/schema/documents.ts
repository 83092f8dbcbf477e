import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgEnum, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { DOCUMENT_KINDS } from '@herd/contract';
import { clientCompanies } from './client-companies.js';
import { companyOwnedColumns } from './company-owned.js';
import { files } from './files.js';
import { users } from './users.js';

export const documentKindEnum = pgEnum('document_kind', DOCUMENT_KINDS);

/**
 * A folder or file of a client company's documents (docs/documents.md). A file's bytes are a `files`
 * row of the same company; its name, size and type are copied here so a listing reads one table.
 * Deleting puts the item in the trash (`deleted_at`, one `deletion_id` per delete so an undo restores
 * what went together); what is inside a deleted folder is unreachable with it, not marked itself.
 */
export const documents = pgTable(
  'documents',
  {
    ...companyOwnedColumns(),
    /** Null at the company's top level. */
    parentId: integer('parent_id').references((): AnyPgColumn => documents.pk, { onDelete: 'cascade' }),
    kind: documentKindEnum('kind').notNull(),
    name: text('name').notNull(),
    fileId: integer('file_id').references(() => files.pk, { onDelete: 'cascade' }),
    size: bigint('size', { mode: 'number' }),
    contentType: text('content_type'),
    /** A folder the client's people never see, nor anything inside it. */
    accountantOnly: boolean('accountant_only').notNull().default(false),
    createdBy: integer('created_by').references(() => users.pk, { onDelete: 'set null' }),
    /** Added by one of the client's people (theirs to rename, move and delete); else by the firm, which the client only reads. */
    addedByClient: boolean('added_by_client').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletionId: uuid('deletion_id'),
    /** Who put the item in the trash, for the firm's trash view. */
    deletedBy: integer('deleted_by').references(() => users.pk, { onDelete: 'set null' }),
  },
  (t) => [
    // One name per folder, whatever its case, among what is not in the trash.
    uniqueIndex('documents_name_unique')
      .on(t.clientCompanyId, sql`coalesce(${t.parentId}, 0)`, sql`lower(${t.name})`)
      .where(sql`${t.deletedAt} is null`),
    // A folder's listing, folders first, in name or date order (the parent read as 0 at the top level, as in the name rule).
    index('documents_by_name_idx')
      .on(t.clientCompanyId, sql`coalesce(${t.parentId}, 0)`, t.kind, sql`lower(${t.name})`, t.pk)
      .where(sql`${t.deletedAt} is null`),
    index('documents_by_date_idx')
      .on(t.clientCompanyId, sql`coalesce(${t.parentId}, 0)`, t.kind, t.updatedAt, t.pk)
      .where(sql`${t.deletedAt} is null`),
    // The same orders reversed with folders still first: an index read backwards would put the files first.
    index('documents_by_name_desc_idx')
      .on(t.clientCompanyId, sql`coalesce(${t.parentId}, 0)`, t.kind, sql`lower(${t.name}) desc`, sql`${t.pk} desc`)
      .where(sql`${t.deletedAt} is null`),
    index('documents_by_date_desc_idx')
      .on(t.clientCompanyId, sql`coalesce(${t.parentId}, 0)`, t.kind, sql`${t.updatedAt} desc`, sql`${t.pk} desc`)
      .where(sql`${t.deletedAt} is null`),
    index('documents_deletion_idx')
      .on(t.clientCompanyId, t.deletionId)
      .where(sql`${t.deletionId} is not null`),
    // The firm's trash view of a company, newest first.
    index('documents_trash_idx')
      .on(t.clientCompanyId, t.deletedAt)
      .where(sql`${t.deletedAt} is not null`),
    index('documents_file_idx').on(t.fileId),
    check('documents_file_kind', sql`(${t.kind} = 'FILE') = (${t.fileId} is not null)`),
  ],
);

/** The years whose folder a company's documents were given (once: a year folder deleted stays deleted). */
export const documentYearFolders = pgTable(
  'document_year_folders',
  {
    clientCompanyId: integer('client_company_id')
      .notNull()
      .references(() => clientCompanies.pk, { onDelete: 'cascade' }),
    year: integer('year').notNull(),
  },
  (t) => [primaryKey({ columns: [t.clientCompanyId, t.year] })],
);
