import { createHash } from 'node:crypto';
import type { Actor } from '../../../kernel/actor.js';
import { writeAudit } from '../../../kernel/audit.queries.js';
import { mailNoteToOtherSide } from '../notes/notes.face.js';
import type { ThreadAccess } from '../notes/notes.face.js';
import { insertNotes } from '../../../kernel/thread-notes.queries.js';
import { notifyNoteWritten } from '../../messaging/notifications/notifications.face.js';
import { cleanName, newStorageKey } from '../../platform/stored-files/stored-files.face.js';
import { insertFile } from '../../platform/stored-files/stored-files.face.js';
import { sniffContentType } from '../../../lib/sniff.js';
import type { InboundMessage } from './inbound-message.format.js';
import { attachFiles, fillEmptyMemo } from './inbound.queries.js';
import { claimMessage, type MessageRef } from './received-messages.queries.js';
import type { HandlerOutcome, InboundContext } from './inbound.types.js';
import type { ReplyTarget } from '../../../mail/reply-token.js';
import { REPLY_PREFIX } from '../../../mail/reply-token.js';

export interface StoredReplyFile {
  storageKey: string;
  name: string;
  contentType: string;
  size: number;
  sha256: string;
}

/** Everything a reply files, checked and ready: written together or not at all. */
export interface ReplyPlan {
  ref: MessageRef;
  actor: Actor;
  access: ThreadAccess;
  target: ReplyTarget;
  body: string;
  memo: string | null;
  files: StoredReplyFile[];
}

/**
 * Puts the reply's attachments in the store, each sniffed like an upload: a
 * file of a type Herd does not keep (a calendar invitation, a vCard) is left
 * out and logged. The bytes go first; rows follow in `fileReply`'s
 * transaction, which removes the bytes again if it does not commit.
 */
export const storeReplyFiles = async (ctx: InboundContext, access: ThreadAccess, userPk: number, attachments: InboundMessage['attachments']) => {
  const stored: StoredReplyFile[] = [];
  for (const attachment of attachments) {
    if (attachment.bytes.length === 0) continue;
    const contentType = await sniffContentType(attachment.bytes, attachment.fileName);
    if (!contentType) {
      ctx.log.info({ fileName: attachment.fileName, userPk, company: access.clientCompanyId }, 'inbound email attachment of an unsupported type left out');
      continue;
    }
    const storageKey = newStorageKey();
    await ctx.deps.storage.put(storageKey, attachment.bytes, contentType);
    stored.push({
      storageKey,
      name: cleanName(attachment.fileName),
      contentType,
      size: attachment.bytes.length,
      sha256: createHash('sha256').update(attachment.bytes).digest('hex'),
    });
  }
  return stored;
};

const removeStored = async (ctx: InboundContext, files: StoredReplyFile[]) => {
  for (const file of files)
    await ctx.deps.storage.delete(file.storageKey).catch((err: unknown) => ctx.log.error({ err, key: file.storageKey }, 'could not remove a stored file'));
};

/** The thread a reply's note goes to, by what the email it answers was about. */
const NOTE_TARGETS = { transaction: 'TRANSACTION', 'client-company': 'CLIENT_COMPANY', communication: 'COMMUNICATION' } as const;

/** Writes the note, the memo, the files and their links, and the claim on the message, in one transaction; then tells the firm. */
export const fileReply = async (ctx: InboundContext, plan: ReplyPlan): Promise<HandlerOutcome> => {
  const { db } = ctx.deps;
  const { access, actor, target } = plan;
  const companyPk = access.clientCompanyId!;
  let filed: boolean;
  try {
    filed = await db.transaction(async (tx) => {
      if (!(await claimMessage(tx, { ...plan.ref, handler: REPLY_PREFIX, firmId: access.firmId }))) return false;
      const fileIds: number[] = [];
      for (const file of plan.files) {
        const row = await insertFile(tx, { firmId: access.firmId, clientCompanyId: companyPk, createdBy: actor.userId, ...file });
        fileIds.push(row.pk);
      }
      if (target.kind === 'transaction') await attachFiles(tx, target.pk, fileIds, actor.userId);
      const targetType = NOTE_TARGETS[target.kind];
      const [note] = await insertNotes(tx, [
        { firmId: access.firmId, clientCompanyId: companyPk, targetType, targetPk: target.pk, authorId: actor.userId, senderKind: 'CLIENT', body: plan.body },
      ]);
      await notifyNoteWritten(tx, {
        firmId: access.firmId,
        clientCompanyId: companyPk,
        target: targetType,
        targetPk: target.pk,
        authorId: actor.userId,
        sender: 'CLIENT',
        body: plan.body,
      });
      const memoSet = plan.memo !== null && target.kind === 'transaction' ? await fillEmptyMemo(tx, companyPk, target.pk, plan.memo) : false;
      await writeAudit(tx, {
        firmId: access.firmId,
        actorUserId: actor.userId,
        action: 'inbound_email.reply',
        targetType: target.kind === 'client-company' ? 'client_company' : target.kind,
        targetPk: target.pk,
        details: { note: note!.pk, files: fileIds, memo_set: memoSet, message: plan.ref.messageKey },
      });
      return true;
    });
  } catch (err) {
    await removeStored(ctx, plan.files);
    throw err;
  }
  if (!filed) {
    await removeStored(ctx, plan.files);
    return { outcome: 'duplicate' };
  }
  try {
    await mailNoteToOtherSide(ctx.deps, actor, access, target.kind, target.pk, plan.body);
  } catch (err) {
    // The reply is filed; only the firm's email about it failed, and the mailer records its own failures.
    ctx.log.error({ err }, 'could not tell the firm about an emailed reply');
  }
  return { outcome: 'accepted' };
};
