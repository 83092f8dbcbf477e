import { createHash } from 'node:crypto';
import { isId, type DocumentItem, type DocumentUploadRefusal, type DocumentUploadResults } from '@herd/contract';
import type { AppDeps } from '../../../app-deps.js';
import { AppError, ValidationError } from '../../../lib/errors.js';
import type { UploadedFile } from '../../../lib/uploads.js';
import { sniffDocument } from '../../../lib/sniff-document.js';
import type { Side } from '../../../kernel/company-access.js';
import type { Actor } from '../../../kernel/actor.js';
import { notifyDocumentsAdded } from '../../messaging/notifications/notifications.face.js';
import { insertFile, storageRoomFor } from '../../platform/stored-files/stored-files.face.js';
import { newStorageKey } from '../../platform/stored-files/stored-files.face.js';
import { auditDocuments } from './document-audit.queries.js';
import { toDocumentItem } from './document-items.view.js';
import { freeName, uploadedName } from './document-names.service.js';
import { documentScope, targetChain } from './document-scope.service.js';
import { insertDocument } from './documents.queries.js';

/** A file refused, with whether the storage quota was the reason (an upload the quota alone refused is 413). */
type Refusal = DocumentUploadRefusal & { quota: boolean };

/** A file whose contents passed, ready to store. */
interface Checked {
  index: number;
  sentName: string;
  name: string;
  bytes: Buffer;
  contentType: string;
  storageKey: string;
}

/**
 * An upload none of whose files could be kept: 413 when the storage quota refused them all, else 400.
 * Each file's reason travels beside the detail, as in a 201's `refused`.
 */
export class UploadRefusedError extends AppError {
  readonly refused: DocumentUploadRefusal[];

  constructor(refusals: Refusal[], quotaWords: string) {
    const quotaOnly = refusals.every((r) => r.quota);
    const first = refusals[0]!;
    super(quotaOnly ? 413 : 400, quotaOnly ? quotaWords : refusals.length === 1 ? first.detail : `None of the ${refusals.length} files was uploaded: ${first.detail}`);
    this.refused = refusals.map(({ index, name, detail }) => ({ index, name, detail }));
  }

  override get body() {
    return { refused: this.refused };
  }
}

/** The optional `folder` field of an upload: where the files go (the top level without it). */
const folderField = (fields: Record<string, string>): number | null => {
  if (!fields.folder) return null;
  const pk = Number(fields.folder);
  if (!/^\d+$/.test(fields.folder) || !isId(pk)) throw ValidationError.field('folder', 'Folder is not valid.');
  return pk;
};

const typeRefusal = (name: string, sniff: { reason: 'unsupported' | 'mismatch'; claimed?: string }) =>
  sniff.reason === 'mismatch'
    ? `“${name}” is not a .${sniff.claimed} file: its contents are of another type. Save it in its own format and upload it again.`
    : `“${name}” is not a type Herd keeps. Upload a PDF, an image, a CSV or text file, or a Word, Excel or PowerPoint file.`;

/** A file's contents judged: ready to store, or why not (empty, a type Herd does not keep, a name that lies about it). */
const checkFile = async (file: UploadedFile): Promise<Checked | Refusal> => {
  const refused = (detail: string): Refusal => ({ index: file.index, name: file.fileName, detail, quota: false });
  if ('refused' in file) return refused(file.refused);
  const name = uploadedName(file.fileName);
  if (file.bytes.length === 0) return refused(`“${name}” is empty.`);
  const sniff = await sniffDocument(file.bytes, name);
  if (!sniff.ok) return refused(typeRefusal(name, sniff));
  return { index: file.index, sentName: file.fileName, name, bytes: file.bytes, contentType: sniff.contentType, storageKey: newStorageKey() };
};

/** The files the quota has room for, in order; the others join `refused` with the quota's words. */
const withinQuota = async (
  db: Parameters<typeof storageRoomFor>[0],
  check: Omit<Parameters<typeof storageRoomFor>[1], 'lock'>,
  lock: boolean,
  files: Checked[],
  refused: Refusal[],
) => {
  const room = await storageRoomFor(
    db,
    { ...check, lock },
    files.map((f) => ({ name: f.name, size: f.bytes.length })),
  );
  const kept = files.filter((file, i) => {
    const detail = room.refusals[i];
    if (detail) refused.push({ index: file.index, name: file.sentName, detail, quota: true });
    return !detail;
  });
  return { kept, quotaWords: room.whole };
};

/**
 * Files into a folder, each judged on its own (docs/documents.md, "Uploads"): a file refused for its type,
 * its size, its name or the storage quota is listed with its reason and the others are kept; none kept is
 * an error carrying the same list. A name already used in the folder, or earlier in the same upload,
 * becomes "name (2)". The other side hears of what was kept.
 */
export const uploadDocuments = async (
  { db, storage, config }: Pick<AppDeps, 'db' | 'storage' | 'config'>,
  actor: Actor,
  input: { companyPk: number; side: Side; upload: { files: UploadedFile[]; fields: Record<string, string> } },
): Promise<DocumentUploadResults> => {
  const scope = await documentScope(db, actor, input.companyPk, input.side);
  const folderPk = folderField(input.upload.fields);
  const chain = await targetChain(db, scope, folderPk);
  const refused: Refusal[] = [];
  const passed: Checked[] = [];
  for (const file of input.upload.files) {
    const judged = await checkFile(file);
    if ('detail' in judged) refused.push(judged);
    else passed.push(judged);
  }
  const quota = { firmId: scope.home.firmId, quotaBytes: config.storageQuotaBytes, byClient: scope.actsAsClient };
  // The quota is checked before a byte is stored, and again under the firm's lock where the files are recorded.
  const first = await withinQuota(db, quota, false, passed, refused);
  const sorted = () => [...refused].sort((a, b) => a.index - b.index);
  if (first.kept.length === 0) throw new UploadRefusedError(sorted(), first.quotaWords);
  for (const file of first.kept) await storage.put(file.storageKey, file.bytes, file.contentType);
  const forget = async (files: Checked[]) => {
    for (const file of files) await storage.delete(file.storageKey).catch(() => undefined);
  };
  let recorded: { rows: Awaited<ReturnType<typeof insertDocument>>[]; kept: Checked[] };
  try {
    recorded = await db.transaction(async (tx) => {
      // Another upload may have taken the room meanwhile: what no longer fits is refused now.
      const { kept, quotaWords } = await withinQuota(tx, quota, true, first.kept, refused);
      if (kept.length === 0) throw new UploadRefusedError(sorted(), quotaWords);
      const rows = [];
      for (const file of kept) {
        const stored = await insertFile(tx, {
          firmId: scope.home.firmId,
          clientCompanyId: scope.home.companyPk,
          storageKey: file.storageKey,
          name: file.name,
          contentType: file.contentType,
          size: file.bytes.length,
          sha256: createHash('sha256').update(file.bytes).digest('hex'),
          createdBy: actor.userId,
        });
        const name = await freeName(tx, scope.home, folderPk, file.name, true);
        rows.push(
          await insertDocument(tx, {
            firmId: scope.home.firmId,
            clientCompanyId: scope.home.companyPk,
            parentId: folderPk,
            kind: 'FILE',
            name,
            fileId: stored.pk,
            size: stored.size,
            contentType: stored.contentType,
            createdBy: actor.userId,
            addedByClient: scope.actsAsClient,
          }),
        );
      }
      await auditDocuments(tx, scope, 'upload', rows, (row) => ({ name: row.name }));
      await notifyDocumentsAdded(tx, {
        firmId: scope.home.firmId,
        companyPk: scope.home.companyPk,
        folderPk,
        folderName: chain.at(-1)?.name ?? null,
        count: rows.length,
        by: actor.userId,
        byClient: scope.actsAsClient,
        firmOnly: chain.some((row) => row.accountantOnly),
      });
      return { rows, kept };
    });
  } catch (err) {
    // Nothing recorded, nothing kept: the stored bytes go too.
    await forget(first.kept);
    throw err;
  }
  // Bytes of files the locked check refused were stored before it: they go now that nothing points at them.
  await forget(first.kept.filter((file) => !recorded.kept.includes(file)));
  const results: DocumentItem[] = recorded.rows.map((row) => toDocumentItem(scope, row));
  return { results, refused: sorted().map(({ index, name, detail }) => ({ index, name, detail })) };
};
