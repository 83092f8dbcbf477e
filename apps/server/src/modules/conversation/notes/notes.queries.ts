import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { NoteTarget } from '@herd/contract';
import type { Db } from '../../../db/client.js';
import { clientCompanies, notes, users } from '../../../db/schema/index.js';

// Every read or write of a note names the firm it belongs to: a note of another firm is never found.
// Writing one is the kernel's (kernel/thread-notes.queries.ts): many modules write notes in their own transactions.

export const listNotes = (db: Db, firmId: number, targetType: NoteTarget, targetPk: number) =>
  db
    .select({ note: notes, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(notes)
    .leftJoin(users, eq(users.pk, notes.authorId))
    .where(and(eq(notes.firmId, firmId), eq(notes.targetType, targetType), eq(notes.targetPk, targetPk)))
    .orderBy(asc(notes.createdAt), asc(notes.pk));

export const findNote = async (db: Db, firmId: number, pk: number) => {
  const [row] = await db
    .select()
    .from(notes)
    .where(and(eq(notes.firmId, firmId), eq(notes.pk, pk)));
  return row ?? null;
};

/** The edited note, or null when the firm has no such note. */
export const updateNoteBody = async (db: Db, firmId: number, pk: number, body: string, mentionedUserIds?: number[]) => {
  const [row] = await db
    .update(notes)
    .set({ body, editedAt: new Date(), ...(mentionedUserIds ? { mentionedUserIds } : {}) })
    .where(and(eq(notes.firmId, firmId), eq(notes.pk, pk)))
    .returning();
  return row ?? null;
};

/**
 * Pins one note of a company's thread (`pin`) and unpins any other, or unpins
 * that note. The company row is locked first, so two accountants pinning at
 * once take turns instead of meeting the one-pinned-per-company index.
 */
export const setPinnedNote = async (tx: Db, owner: { firmId: number; companyPk: number }, notePk: number, pin: boolean) => {
  await tx
    .select({ pk: clientCompanies.pk })
    .from(clientCompanies)
    .where(and(eq(clientCompanies.firmId, owner.firmId), eq(clientCompanies.pk, owner.companyPk)))
    .for('update');
  const ofCompany = and(eq(notes.firmId, owner.firmId), eq(notes.clientCompanyId, owner.companyPk));
  await tx
    .update(notes)
    .set({ pinnedAt: null })
    .where(and(ofCompany, isNotNull(notes.pinnedAt), pin ? undefined : eq(notes.pk, notePk)));
  if (pin)
    await tx
      .update(notes)
      .set({ pinnedAt: new Date() })
      .where(and(ofCompany, eq(notes.targetType, 'CLIENT_COMPANY'), eq(notes.pk, notePk)));
};

/** The pinned note of each of these companies' threads, with its author's name. */
export const findPinnedNotes = async (db: Db, companyPks: number[]) =>
  companyPks.length === 0
    ? []
    : db
        .select({ note: notes, firstName: users.firstName, lastName: users.lastName, email: users.email })
        .from(notes)
        .leftJoin(users, eq(users.pk, notes.authorId))
        .where(and(inArray(notes.clientCompanyId, companyPks), eq(notes.targetType, 'CLIENT_COMPANY'), isNotNull(notes.pinnedAt)));
