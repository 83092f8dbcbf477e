import type { Note } from '@herd/contract';
import type { Db } from '../../db/client.js';
import { ForbiddenError, NotFoundError } from '../../lib/errors.js';
import type { Actor } from '../auth/actor.js';
import { isFirmActor } from '../auth/permissions.js';
import { findScoped } from '../transactions/transactions.scope.js';
import { TARGET_OF, threadAccess, type ThreadKind } from './note-targets.js';
import { mailNoteToOtherSide, type NoteMailDeps } from './note-notifications.js';
import { notifyNoteWritten } from '../notifications/note-notify.js';
import { notifyBulkNote } from '../notifications/events.js';
import { findNote, insertAccountantNotes, insertNotes, listNotes, updateNoteBody } from './notes.queries.js';
import { companyAccess } from '../access/company-access.js';
import { companyCommunicationScope, findScopedCommunications } from '../communications/communication-scope.js';

type ListedRow = Awaited<ReturnType<typeof listNotes>>[number];

const toNote = (row: ListedRow, actor: Actor): Note => ({
  pk: row.note.pk,
  body: row.note.body,
  sender: row.note.senderKind,
  author: row.note.authorId === null ? null : { pk: row.note.authorId, name: `${row.firstName ?? ''} ${row.lastName ?? ''}`.trim() || (row.email ?? '') },
  created_at: row.note.createdAt.toISOString(),
  edited: row.note.editedAt !== null,
  is_mine: row.note.authorId === actor.userId,
});

export const listThread = async (db: Db, actor: Actor, kind: ThreadKind, pk: number) => {
  const access = await threadAccess(db, actor, kind, pk);
  return (await listNotes(db, access.firmId, TARGET_OF[kind], pk)).map((r) => toNote(r, actor));
};

export const addNote = async (deps: NoteMailDeps, actor: Actor, kind: ThreadKind, pk: number, body: string) => {
  const { db } = deps;
  const access = await threadAccess(db, actor, kind, pk);
  const written = {
    firmId: access.firmId,
    clientCompanyId: access.clientCompanyId,
    target: TARGET_OF[kind],
    targetPk: pk,
    authorId: actor.userId,
    sender: access.senderKind,
    body,
  };
  // The note and the bell's notifications of it are saved together.
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
      },
    ]);
    await notifyNoteWritten(tx, written);
    return inserted;
  });
  await mailNoteToOtherSide(deps, actor, access, kind, pk, body);
  return (await listNotes(db, access.firmId, TARGET_OF[kind], pk)).map((r) => toNote(r, actor)).find((n) => n.pk === row!.pk)!;
};

/** Only the author edits a note; it is then shown as edited. */
export const editNote = async (db: Db, actor: Actor, kind: ThreadKind, notePk: number, body: string) => {
  // Before the note is looked up: a client must not learn which ids of the firm's internal thread exist.
  if (kind === 'accountant-company' && !isFirmActor(actor)) throw new NotFoundError();
  const existing = actor.firmId === null ? null : await findNote(db, actor.firmId, notePk);
  if (!existing || existing.targetType !== TARGET_OF[kind]) throw new NotFoundError();
  const access = await threadAccess(db, actor, kind, existing.targetPk);
  if (existing.authorId !== actor.userId) throw new ForbiddenError('Only the author can edit a note.');
  if (!(await updateNoteBody(db, access.firmId, notePk, body))) throw new NotFoundError();
  return (await listNotes(db, access.firmId, existing.targetType, existing.targetPk)).map((r) => toNote(r, actor)).find((n) => n.pk === notePk)!;
};

/** One accountant note to many transactions of a company, in one write. */
export const addNoteToTransactions = async (db: Db, actor: Actor, companyPk: number, pks: number[], body: string) => {
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

/** One accountant note to many communications of a company, in one write. */
export const addNoteToCommunications = async (db: Db, actor: Actor, companyPk: number, pks: number[], body: string) => {
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
