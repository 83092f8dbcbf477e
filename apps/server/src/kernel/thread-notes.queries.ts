import type { NoteTarget } from '@herd/contract';
import type { Db } from '../db/client.js';
import { notes } from '../db/schema/index.js';

/**
 * Writing a message on an object's thread. Like the audit log, it is written from many modules in the
 * transaction of what they do (work sent back with the accountant's words, a reply filed from an email),
 * so it is the kernel's; reading threads, their access and who hears of a note are the notes module's.
 */

export const insertNotes = async (db: Db, rows: (typeof notes.$inferInsert)[]) => (rows.length === 0 ? [] : db.insert(notes).values(rows).returning());

/** One accountant's words on many targets of one company: a bulk note, or the message that sends work back. */
export const insertAccountantNotes = (
  db: Db,
  owner: { firmId: number; companyPk: number },
  targetType: NoteTarget,
  targetPks: number[],
  authorId: number,
  body: string,
) =>
  insertNotes(
    db,
    targetPks.map((targetPk) => ({ firmId: owner.firmId, clientCompanyId: owner.companyPk, targetType, targetPk, authorId, senderKind: 'ACCOUNTANT' as const, body })),
  );
