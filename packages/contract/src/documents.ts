import { z } from 'zod';
import { idField, idQuery, isId } from './ids.js';
import { CONTROL_CHARACTERS, cleanDocumentName } from './document-names.js';
import { messages } from './messages.js';

export { CONTROL_CHARACTERS, HIDDEN_NAME_CHARACTERS, cleanDocumentName } from './document-names.js';

/**
 * Documents: the folders and files a firm and one client company share. Smart folders list files that
 * live elsewhere in Herd (receipts, requests, transaction attachments) without copying them; they are
 * read-only here.
 */
export const SMART_FOLDERS = ['RECEIPTS', 'REQUESTS', 'TRANSACTIONS'] as const;
export type SmartFolder = (typeof SMART_FOLDERS)[number];
export const SMART_FOLDER_NAMES: Record<SmartFolder, string> = { RECEIPTS: 'Receipts', REQUESTS: 'Requests', TRANSACTIONS: 'Transactions' };

export const DOCUMENT_KINDS = ['FOLDER', 'FILE'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

export const DOCUMENT_ORDERINGS = ['name', '-name', 'updated_at', '-updated_at', 'size', '-size'] as const;
export type DocumentOrdering = (typeof DOCUMENT_ORDERINGS)[number];

/** Longest name of a file or folder, in characters. */
export const DOCUMENT_NAME_MAX = 200;
/** How many files one upload request may carry; the web app sends more as several requests, one after another. */
export const DOCUMENT_UPLOAD_MAX_FILES = 20;
/** How many items one move, delete or zip may name. */
export const DOCUMENT_BULK_MAX = 1000;
/** How long deleted files and folders are kept (restorable) before they are removed for good. */
export const DOCUMENT_TRASH_DAYS = 30;
export const DOCUMENT_PAGE_SIZE_MAX = 500;

/**
 * What a name may not be: empty, a path (a slash of either kind), `.` or `..`, or holding control
 * characters. It is kept in one Unicode form with no hidden characters (`cleanDocumentName`): those are
 * taken out, not refused, since the person typing cannot see them.
 */
export const documentNameField = z
  .string({ error: messages.required('Name') })
  .overwrite(cleanDocumentName)
  .trim()
  .min(1, { error: messages.required('Name') })
  .max(DOCUMENT_NAME_MAX, { error: messages.tooLong('Name', DOCUMENT_NAME_MAX) })
  .refine((name) => !/[/\\]/.test(name), { error: 'Name cannot contain / or \\.' })
  .refine((name) => name !== '.' && name !== '..', { error: messages.notValid('Name') })
  .refine((name) => !new RegExp(CONTROL_CHARACTERS.source).test(name), { error: messages.badCharacters('Name') });

/** The object a smart folder's file belongs to, to open it where it is dealt with. */
export const documentLink = z.object({ type: z.enum(['RECEIPT', 'COMMUNICATION', 'TRANSACTION']), pk: z.number(), label: z.string() });
export type DocumentLink = z.infer<typeof documentLink>;

export const documentItem = z.object({
  /** The folder's or file's pk; for a file in a smart folder, the stored file's pk; null for a smart folder itself. */
  pk: z.number().nullable(),
  kind: z.enum(DOCUMENT_KINDS),
  /** The smart folder this is, or the one whose file it is; null for the company's own folders and files. */
  smart: z.enum(SMART_FOLDERS).nullable(),
  name: z.string(),
  accountant_only: z.boolean(),
  /** Smart folders and their files cannot be renamed, moved or deleted here. */
  read_only: z.boolean(),
  size: z.number().nullable(),
  content_type: z.string().nullable(),
  /** Where a file downloads (shown inline with `?inline=1` when a browser can show it). */
  url: z.string().nullable(),
  updated_at: z.string(),
  added_by: z.string().nullable(),
  link: documentLink.nullable(),
});
export type DocumentItem = z.infer<typeof documentItem>;

export const documentCrumb = z.object({ pk: z.number().nullable(), smart: z.enum(SMART_FOLDERS).nullable(), name: z.string() });
export type DocumentCrumb = z.infer<typeof documentCrumb>;

export const documentListQuery = z.object({
  folder: idQuery('Folder').optional(),
  smart: z.enum(SMART_FOLDERS, { error: messages.notValid('Smart folder') }).optional(),
  // Read as names are kept, so a search typed in another Unicode form still finds them.
  search: z.string().overwrite(cleanDocumentName).trim().max(200).optional(),
  ordering: z.enum(DOCUMENT_ORDERINGS).default('name'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(DOCUMENT_PAGE_SIZE_MAX).default(200),
});
export type DocumentListQuery = z.infer<typeof documentListQuery>;

export const documentList = z.object({
  /** Root first, the folder listed last. */
  path: z.array(documentCrumb),
  folder: z.object({
    pk: z.number().nullable(),
    smart: z.enum(SMART_FOLDERS).nullable(),
    /** The folder's own mark. */
    accountant_only: z.boolean(),
    /** Kept from the client by a folder above it (its own mark aside). */
    inherits_accountant_only: z.boolean(),
    writable: z.boolean(),
  }),
  /** Items matching the search. */
  count: z.number(),
  /** Items of the folder, whatever the search. */
  total: z.number(),
  next: z.string().nullable(),
  results: z.array(documentItem),
});
export type DocumentList = z.infer<typeof documentList>;

export const documentFolderBody = z.object({
  parent: idField('Folder').nullable().optional(),
  name: documentNameField,
  accountant_only: z.boolean().optional(),
});
export const documentUpdateBody = z.object({ name: documentNameField.optional(), accountant_only: z.boolean().optional() });

const pksField = z
  .array(idField('Item'), { error: messages.required('Items') })
  .min(1, { error: messages.tooFew('Items', 1) })
  .max(DOCUMENT_BULK_MAX, { error: messages.tooMany('Items', DOCUMENT_BULK_MAX) });
export const documentPksBody = z.object({ pks: pksField });
export const documentMoveBody = z.object({ pks: pksField, parent: idField('Folder').nullable() });
export const documentRestoreBody = z.object({ deletion: z.uuid({ error: messages.notValid('Deletion') }) });
export const documentDeleted = z.object({ deletion: z.string(), count: z.number() });
export const documentResults = z.object({ results: z.array(documentItem) });

/** A file of an upload that was not kept, and why: its type, its size, its name or the firm's storage quota. */
export const documentUploadRefusal = z.object({
  /** Where the file was in the request, counting from 0. */
  index: z.number(),
  /** Its name as sent. */
  name: z.string(),
  detail: z.string(),
});
export type DocumentUploadRefusal = z.infer<typeof documentUploadRefusal>;
/**
 * What an upload kept (`results`, in the order sent) and the files it refused, each with its reason: a
 * refused file does not stop the others. When none is kept the answer is an error (400, or 413 when the
 * quota refused them all) carrying the same `refused` list beside its `detail`.
 */
export const documentUploadResults = z.object({ results: z.array(documentItem), refused: z.array(documentUploadRefusal) });
export type DocumentUploadResults = z.infer<typeof documentUploadResults>;

/** `?pks=1,2,3`: the files and folders to zip. */
export const documentZipQuery = z.object({
  pks: z
    .string({ error: messages.required('Items') })
    .regex(/^\d+(,\d+)*$/, { error: messages.notValid('Items') })
    .transform((s) => s.split(',').map(Number))
    .refine((a) => a.length <= DOCUMENT_BULK_MAX && a.every(isId), { error: messages.notValid('Items') }),
});
export const documentDownloadQuery = z.object({ inline: z.enum(['1', '0'], { error: messages.notValid('Inline') }).optional() });

/** Every folder a person may move things into, with its path, for "Move to…". */
export const documentFolderChoice = z.object({ pk: z.number(), path: z.string(), accountant_only: z.boolean() });
export const documentFolderChoices = z.array(documentFolderChoice);
export type DocumentFolderChoice = z.infer<typeof documentFolderChoice>;

/** `…/documents/trash/`: one page of a company's trash, newest first. */
export const documentTrashQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(DOCUMENT_PAGE_SIZE_MAX).default(50),
});
export type DocumentTrashQuery = z.infer<typeof documentTrashQuery>;

/** A file or folder in the trash (with what it held), as the firm's trash view lists it. */
export const documentTrashItem = z.object({
  pk: z.number(),
  kind: z.enum(DOCUMENT_KINDS),
  name: z.string(),
  accountant_only: z.boolean(),
  size: z.number().nullable(),
  content_type: z.string().nullable(),
  /** The folder it was in; null at the top level. */
  was_in: z.string().nullable(),
  deleted_at: z.string(),
  /** Who deleted it (their name, else their email); null when that person's account is gone. */
  deleted_by: z.string().nullable(),
  /** Deleted by one of the client's people rather than the firm's. */
  deleted_by_client: z.boolean(),
  /** When it is removed for good, DOCUMENT_TRASH_DAYS after it was deleted. */
  purge_at: z.string(),
});
export type DocumentTrashItem = z.infer<typeof documentTrashItem>;
export const documentTrashList = z.object({ count: z.number(), next: z.string().nullable(), results: z.array(documentTrashItem) });
export type DocumentTrashList = z.infer<typeof documentTrashList>;
export const documentTrashRestoreBody = z.object({ pks: pksField });
