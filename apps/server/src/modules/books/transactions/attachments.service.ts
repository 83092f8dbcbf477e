import { and, eq, inArray } from 'drizzle-orm';
import type { Readable } from 'node:stream';
import type { AppDeps } from '../../../app-deps.js';
import { files, transactionAttachments } from '../../../db/schema/index.js';
import { ForbiddenError, NotFoundError, ValidationError } from '../../../lib/errors.js';
import { zipStoredFiles } from '../../platform/stored-files/stored-files.face.js';
import { writeAudit } from '../../../kernel/audit.queries.js';
import type { Actor } from '../../../kernel/actor.js';
import { findMembership } from '../../../kernel/company-membership.js';
import { recordMatcherOverruled } from './automation-events.queries.js';
import { attachmentRemovalRefusal } from './attachment-removal.rule.js';
import { serialize } from './transactions-read.service.js';
import { findScoped, transactionAccess } from '../../../kernel/transaction-access.js';
import { companyAccess } from '../../../kernel/company-access.js';

/** Links an uploaded file (of this company) to a transaction; attaching twice is harmless. */
export const attachFile = async ({ db }: Pick<AppDeps, 'db'>, actor: Actor, { transactionPk, filePk }: { transactionPk: number; filePk: number }) => {
  const { access: scope } = await transactionAccess(db, actor, transactionPk);
  if (scope.side === 'client' && scope.editable !== 'all' && !scope.editable.includes('attachments')) {
    throw ValidationError.detail('This client may not add attachments.');
  }
  const [file] = await db
    .select()
    .from(files)
    .where(and(eq(files.pk, filePk), eq(files.clientCompanyId, scope.company.pk)));
  if (!file) throw ValidationError.field('file', 'File is not valid.');
  await db.transaction(async (tx) => {
    await tx.insert(transactionAttachments).values({ transactionId: transactionPk, fileId: filePk, createdBy: actor.userId }).onConflictDoNothing();
    await writeAudit(tx, {
      firmId: scope.company.firmId,
      actorUserId: actor.userId,
      action: 'transaction.attach',
      targetType: 'transaction',
      targetPk: transactionPk,
      details: { file: filePk },
    });
  });
  const [result] = await serialize(db, scope, await findScoped(db, scope, [transactionPk]));
  return result!;
};

/** Removes an attachment, when `attachmentRemovalRefusal` lets this user (the same rule as its `removable` flag). */
export const detachFile = async ({ db }: Pick<AppDeps, 'db'>, actor: Actor, { transactionPk, attachmentPk }: { transactionPk: number; attachmentPk: number }) => {
  const { access: scope } = await transactionAccess(db, actor, transactionPk);
  const where = and(eq(transactionAttachments.pk, attachmentPk), eq(transactionAttachments.transactionId, transactionPk));
  const [attachment] = await db.select({ createdBy: transactionAttachments.createdBy, fileId: transactionAttachments.fileId }).from(transactionAttachments).where(where);
  if (!attachment) throw new NotFoundError();
  const addedByClient = attachment.createdBy !== null && (await findMembership(db, scope.company.pk, attachment.createdBy)) !== null;
  const refusal = attachmentRemovalRefusal(scope, { addedByClient });
  if (refusal) throw new ForbiddenError(refusal);
  await db.transaction(async (tx) => {
    const deleted = await tx.delete(transactionAttachments).where(where).returning({ pk: transactionAttachments.pk });
    if (deleted.length === 0) throw new NotFoundError();
    const { firmId, pk: companyPk } = scope.company;
    const by = scope.viewingAsClient ? 'accountant' : scope.side;
    await recordMatcherOverruled(tx, { firmId, companyPk, transactionPk, fileId: attachment.fileId, by });
    await writeAudit(tx, {
      firmId: scope.company.firmId,
      actorUserId: actor.userId,
      action: 'transaction.detach',
      targetType: 'transaction',
      targetPk: transactionPk,
      details: { attachment: attachmentPk, created_by: attachment.createdBy },
    });
  });
};

export interface AttachmentsZip {
  companyPk: number;
  stream: Readable;
}

/**
 * A zip of the selected transactions' files (the accountant's), streamed as
 * it is built so a large selection never sits in memory. Entries are named by
 * date, payee and file name so an accountant can find them; one file is
 * opened at a time (`zipStoredFiles`).
 */
export const attachmentsZip = async (
  { db, storage }: Pick<AppDeps, 'db' | 'storage'>,
  actor: Actor,
  { companyPk, pks }: { companyPk: number; pks: number[] },
): Promise<AttachmentsZip> => {
  const scope = await companyAccess(db, actor, companyPk, 'accountant');
  const rows = await findScoped(db, scope, pks);
  const entries = await db
    .select({ txPk: transactionAttachments.transactionId, name: files.name, key: files.storageKey })
    .from(transactionAttachments)
    .innerJoin(files, eq(files.pk, transactionAttachments.fileId))
    .where(
      inArray(
        transactionAttachments.transactionId,
        rows.map((r) => r.pk),
      ),
    );
  if (entries.length === 0) throw ValidationError.detail('The selected transactions have no attachments.');
  const used = new Set<string>();
  const byPk = new Map(rows.map((r) => [r.pk, r]));
  const named = entries.map((entry) => {
    const tx = byPk.get(entry.txPk)!;
    const base = `${tx.date} ${(tx.payee || tx.description).replace(/[\\/:*?"<>|]/g, '_').slice(0, 60)} ${entry.name}`.trim();
    let name = base;
    for (let n = 2; used.has(name); n += 1) name = `${n} ${base}`;
    used.add(name);
    return { name, key: entry.key };
  });
  return { companyPk: scope.company.pk, stream: zipStoredFiles(storage, named) };
};
