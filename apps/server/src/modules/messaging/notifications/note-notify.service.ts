import { and, eq } from 'drizzle-orm';
import type { NoteTarget, SenderKind } from '@herd/contract';
import type { Db } from '../../../db/client.js';
import { communications } from '../../../db/schema/index.js';
import type { ClientObject } from './notification-recipients.queries.js';
import { notify, type Audience } from './notify.service.js';
import { companyNameOf, personNameOf, threadAuthors } from './notifications.queries.js';

export interface WrittenNote {
  firmId: number;
  /** Null for the firm's own thread. */
  clientCompanyId: number | null;
  target: NoteTarget;
  targetPk: number;
  authorId: number;
  sender: SenderKind;
  body: string;
  /** The firm's people the author mentioned: they hear of it as a mention, not as a plain note. */
  mentioned?: number[];
}

/** Which of the client's objects the thread is about, for who of theirs may see it; null when no client sees it. */
const clientObjectOf = async (db: Db, note: WrittenNote, companyPk: number): Promise<ClientObject | null> => {
  if (note.target === 'TRANSACTION') return { type: 'transaction', pk: note.targetPk };
  if (note.target === 'RECEIPT') return { type: 'receipt', pk: note.targetPk };
  if (note.target === 'COMMUNICATION') {
    const [row] = await db
      .select({ hidden: communications.isHidden, subject: communications.subject })
      .from(communications)
      .where(and(eq(communications.clientCompanyId, companyPk), eq(communications.pk, note.targetPk)));
    // A hidden request is the firm's business only, and so is its thread.
    return row && !row.hidden ? { type: 'company' } : null;
  }
  return note.target === 'CLIENT_COMPANY' ? { type: 'company' } : null;
};

const aboutWhat = async (db: Db, note: WrittenNote) => {
  if (note.clientCompanyId === null) return note.target === 'RECEIPT' ? 'a receipt in the firm’s inbox' : 'the firm’s internal thread';
  const company = await companyNameOf(db, note.firmId, note.clientCompanyId);
  if (note.target === 'TRANSACTION') return `a transaction of ${company}`;
  if (note.target === 'RECEIPT') return `a receipt of ${company}`;
  if (note.target === 'COMMUNICATION') {
    const [row] = await db
      .select({ subject: communications.subject })
      .from(communications)
      .where(and(eq(communications.clientCompanyId, note.clientCompanyId), eq(communications.pk, note.targetPk)));
    return `the request “${row?.subject ?? ''}” of ${company}`;
  }
  return `${company}’s thread`;
};

/**
 * A new note, inside the transaction that saved it: the other side hears
 * (the client's people who can see the object, or the firm's people who see
 * the company), and so does everyone on the author's own side who already
 * wrote in the thread, as long as they can still see it. Never the author.
 */
export const notifyNoteWritten = async (tx: Db, note: WrittenNote) => {
  const companyPk = note.clientCompanyId;
  const participants = await threadAuthors(tx, note.firmId, note.target, note.targetPk);
  const clientObject = companyPk === null ? null : await clientObjectOf(tx, note, companyPk);
  const fromFirm = note.sender === 'ACCOUNTANT';
  const mentioned = note.mentioned ?? [];
  const to: Audience = {
    firm: fromFirm ? { among: participants.filter((pk) => !mentioned.includes(pk)) } : true,
    ...(clientObject ? { client: fromFirm ? clientObject : { ...clientObject, among: participants } } : {}),
  };
  const author = await personNameOf(tx, note.authorId);
  return notify(tx, {
    firmId: note.firmId,
    clientCompanyId: companyPk,
    kind: 'NOTE',
    target: { type: note.target, pk: note.targetPk },
    title: `${author} wrote on ${await aboutWhat(tx, note)}`,
    text: note.body,
    to,
    except: note.authorId,
  });
};

/**
 * The people a note mentions, each told once ("Avery Stone mentioned you on
 * …"), linking to the note's object. Only those who can see it: a team member
 * not assigned to the client is not told, and the author never hears of
 * mentioning themselves. `among` is who is newly mentioned (an edit that adds
 * a name tells only the added person).
 */
export const notifyMentions = async (tx: Db, note: WrittenNote, among: number[]) => {
  if (among.length === 0) return 0;
  const author = await personNameOf(tx, note.authorId);
  return notify(tx, {
    firmId: note.firmId,
    clientCompanyId: note.clientCompanyId,
    kind: 'NOTE_MENTION',
    target: { type: note.target, pk: note.targetPk },
    title: `${author} mentioned you on ${await aboutWhat(tx, note)}`,
    text: note.body,
    to: { firm: { among } },
    except: note.authorId,
  });
};
