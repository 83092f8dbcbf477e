import { and, asc, eq } from 'drizzle-orm';
import type { NoteTarget } from '@herd/contract';
import type { Db } from '../../db/client.js';
import { notes, users } from '../../db/schema/index.js';

export const insertNotes = async (db: Db, rows: (typeof notes.$inferInsert)[]) =>
  rows.length === 0 ? [] : db.insert(notes).values(rows).returning();

export const listNotes = (db: Db, targetType: NoteTarget, targetPk: number) =>
  db
    .select({ note: notes, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(notes)
    .leftJoin(users, eq(users.pk, notes.authorId))
    .where(and(eq(notes.targetType, targetType), eq(notes.targetPk, targetPk)))
    .orderBy(asc(notes.createdAt), asc(notes.pk));

export const findNote = async (db: Db, pk: number) => {
  const [row] = await db.select().from(notes).where(eq(notes.pk, pk));
  return row ?? null;
};

export const updateNoteBody = async (db: Db, pk: number, body: string) => {
  const [row] = await db.update(notes).set({ body, editedAt: new Date() }).where(eq(notes.pk, pk)).returning();
  return row!;
};
