import type { MentionedPerson, Note, NoteTarget, ThreadNoteBody } from '@herd/contract';
import type { Db } from '../../../db/client.js';
import { ForbiddenError, NotFoundError } from '../../../lib/errors.js';
import type { Actor } from '../../../kernel/actor.js';
import { isFirmActor } from '../../../kernel/permissions.js';
import { findScoped } from '../../../kernel/transaction-access.js';
import { TARGET_OF, threadAccess, type ThreadKind } from './note-targets.service.js';
import { mailNoteToOtherSide, type NoteMailDeps } from './note-notifications.service.js';
import { notifyMentions, notifyNoteWritten } from '../../messaging/notifications/notifications.face.js';
import { checkMentions, mentionedPeople } from './note-mentions.service.js';
import { notifyBulkNote } from '../../messaging/notifications/notifications.face.js';
import { findNote, listNotes, updateNoteBody } from './notes.queries.js';
import { insertAccountantNotes, insertNotes } from '../../../kernel/thread-notes.queries.js';
import { companyAccess } from '../../../kernel/company-access.js';
import { companyCommunicationScope, findScopedCommunications } from '../communications/communications.face.js';
import { companyReceiptScope, findScopedReceipts } from '../../files/receipts/receipts.face.js';
import type { AppDeps } from '../../../app-deps.js';

type ListedRow = Awaited<ReturnType<typeof listNotes>>[number];

/**
 * Notes as the actor sees them. Mentions are shown to the firm's people only:
 * a client reads the text as written, and learns no pk of the firm's staff.
 */
export const serializeNotes = async (db: Db, actor: Actor, firmId: number, rows: ListedRow[]): Promise<Note[]> => {
  const staff = isFirmActor(actor);
  const people = staff
    ? await mentionedPeople(
        db,
        firmId,
        rows.flatMap((r) => r.note.mentionedUserIds),
      )
    : new Map<number, MentionedPerson>();
  return rows.map((row) => ({
    pk: row.note.pk,
    body: row.note.body,
    sender: row.note.senderKind,
    author: row.note.authorId === null ? null : { pk: row.note.authorId, name: `${row.firstName ?? ''} ${row.lastName ?? ''}`.trim() || (row.email ?? '') },
    created_at: row.note.createdAt.toISOString(),
    edited: row.note.editedAt !== null,
    is_mine: row.note.authorId === actor.userId,
    mentions: row.note.mentionedUserIds.flatMap((pk) => people.get(pk) ?? []),
    pinned: row.note.pinnedAt !== null,
  }));
};

/** One note of a thread as the actor sees it. */
export const noteAsSeen = async (db: Db, actor: Actor, firmId: number, target: NoteTarget, targetPk: number, notePk: number) =>
  (
    await serializeNotes(
      db,
      actor,
      firmId,
      (await listNotes(db, firmId, target, targetPk)).filter((r) => r.note.pk === notePk),
    )
  )[0]!;

export const listThread = async ({ db }: Pick<AppDeps, 'db'>, actor: Actor, { kind, targetPk: pk }: { kind: ThreadKind; targetPk: number }) => {
  const access = await threadAccess(db, actor, kind, pk);
  return serializeNotes(db, actor, access.firmId, await listNotes(db, access.firmId, TARGET_OF[kind], pk));
};

export const addNote = async (deps: NoteMailDeps, actor: Actor, { kind, targetPk: pk, ...input }: { kind: ThreadKind; targetPk: number } & ThreadNoteBody) => {
  const { db } = deps;
  const { body } = input;
  const access = await threadAccess(db, actor, kind, pk);
  const mentioned = await checkMentions(db, actor, access.firmId, input.mentions);
  const written = {
    firmId: access.firmId,
    clientCompanyId: access.clientCompanyId,
    target: TARGET_OF[kind],
    targetPk: pk,
    authorId: actor.userId,
    sender: access.senderKind,
    body,
    mentioned,
  };
  // The note and the bell's notifications of it (mentions included) are saved together.
  const row = await db.transaction(async (tx) => {
    const [inserted] = await insertNotes(tx, [
      {
        firmId: written.firmId,
        clientCompanyId: written.clientCompanyId,
        targetType: written.target,
        targetPk: pk,
        authorId: actor.userId,
        senderKind: written.sender,
        body,
        mentionedUserIds: mentioned,
      },
    ]);
    await notifyNoteWritten(tx, written);
    await notifyMentions(tx, written, mentioned);
    return inserted;
  });
  await mailNoteToOtherSide(deps, actor, access, kind, pk, body);
  return noteAsSeen(db, actor, access.firmId, written.target, pk, row!.pk);
};

/**
 * Only the author edits a note; it is then shown as edited. Mentions given
 * with the edit replace the note's; only people newly mentioned are told.
 */
export const editNote = async ({ db }: Pick<AppDeps, 'db'>, actor: Actor, { kind, notePk, ...input }: { kind: ThreadKind; notePk: number } & ThreadNoteBody) => {
  // Before the note is looked up: a client must not learn which ids of the firm's internal thread exist.
  if (kind === 'accountant-company' && !isFirmActor(actor)) throw new NotFoundError();
  const existing = actor.firmId === null ? null : await findNote(db, actor.firmId, notePk);
  if (!existing || existing.targetType !== TARGET_OF[kind]) throw new NotFoundError();
  const access = await threadAccess(db, actor, kind, existing.targetPk);
  if (existing.authorId !== actor.userId) throw new ForbiddenError('Only the author can edit a note.');
  const mentioned = input.mentions === undefined ? existing.mentionedUserIds : await checkMentions(db, actor, access.firmId, input.mentions);
  await db.transaction(async (tx) => {
    if (!(await updateNoteBody(tx, access.firmId, notePk, input.body, mentioned))) throw new NotFoundError();
    const added = mentioned.filter((pk) => !existing.mentionedUserIds.includes(pk));
    const written = { firmId: access.firmId, clientCompanyId: access.clientCompanyId, target: existing.targetType, targetPk: existing.targetPk, authorId: actor.userId };
    await notifyMentions(tx, { ...written, sender: access.senderKind, body: input.body }, added);
  });
  return noteAsSeen(db, actor, access.firmId, existing.targetType, existing.targetPk, notePk);
};

/** One accountant note to many transactions of a company, in one write. */
export const addNoteToTransactions = async ({ db }: Pick<AppDeps, 'db'>, actor: Actor, { companyPk, pks, body }: { companyPk: number; pks: number[]; body: string }) => {
  const scope = await companyAccess(db, actor, companyPk, 'accountant');
  const rows = await findScoped(db, scope, pks);
  const owner = { firmId: scope.company.firmId, companyPk: scope.company.pk };
  const targets = rows.map((r) => r.pk);
  await db.transaction(async (tx) => {
    await insertAccountantNotes(tx, owner, 'TRANSACTION', targets, actor.userId, body);
    await notifyBulkNote(tx, { ...owner, about: 'transaction', pks: targets, by: actor.userId, body });
  });
  return { created: rows.length };
};

/**
 * One accountant note to many receipts of a company, in one write: each receipt's thread gets it,
 * and the client's people who can see at least one of them hear once. The firm's inbox is no
 * company's: its receipts take notes one at a time.
 */
export const addNoteToReceipts = async ({ db }: Pick<AppDeps, 'db'>, actor: Actor, { companyPk, pks, body }: { companyPk: number; pks: number[]; body: string }) => {
  const scope = await companyReceiptScope(db, actor, companyPk, 'accountant');
  const rows = await findScopedReceipts(db, scope, pks);
  const owner = { firmId: scope.home.firmId, companyPk };
  const targets = rows.map((r) => r.pk);
  await db.transaction(async (tx) => {
    await insertAccountantNotes(tx, owner, 'RECEIPT', targets, actor.userId, body);
    await notifyBulkNote(tx, { ...owner, about: 'receipt', pks: targets, by: actor.userId, body });
  });
  return { created: rows.length };
};

/** One accountant note to many communications of a company, in one write. */
export const addNoteToCommunications = async (
  { db }: Pick<AppDeps, 'db'>,
  actor: Actor,
  { companyPk, pks, body }: { companyPk: number; pks: number[]; body: string },
) => {
  const scope = await companyCommunicationScope(db, actor, companyPk, 'accountant');
  const rows = await findScopedCommunications(db, scope, pks);
  const owner = { firmId: scope.home.firmId, companyPk: scope.home.companyPk };
  await db.transaction(async (tx) => {
    await insertAccountantNotes(
      tx,
      owner,
      'COMMUNICATION',
      rows.map((r) => r.pk),
      actor.userId,
      body,
    );
    // A hidden request is the firm's only: its note tells the client nothing.
    const shown = rows.filter((r) => !r.isHidden).map((r) => r.pk);
    await notifyBulkNote(tx, { ...owner, about: 'request', pks: shown, by: actor.userId, body });
  });
  return { created: rows.length };
};
