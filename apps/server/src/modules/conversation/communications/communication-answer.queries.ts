import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { communicationFiles, communicationItems } from '../../../db/schema/index.js';

// Writes of a client's answers; the communication was found within its firm and company first, and every write names it.

export const saveItemAnswer = (tx: Db, communicationPk: number, itemPk: number, text: string, answered: boolean) =>
  tx
    .update(communicationItems)
    .set({ answerText: text, answeredAt: answered ? new Date() : null })
    .where(and(eq(communicationItems.communicationId, communicationPk), eq(communicationItems.pk, itemPk)));

/** The item's answer files (or the W-9's signed form, `itemPk` null) become these. */
export const replaceAnswerFiles = async (tx: Db, communicationPk: number, itemPk: number | null, role: 'ANSWER' | 'W9_FORM', filePks: number[], addedBy: number) => {
  await tx
    .delete(communicationFiles)
    .where(
      and(
        eq(communicationFiles.communicationId, communicationPk),
        eq(communicationFiles.role, role),
        itemPk === null ? undefined : eq(communicationFiles.itemId, itemPk),
      ),
    );
  if (filePks.length > 0)
    await tx.insert(communicationFiles).values(filePks.map((fileId) => ({ communicationId: communicationPk, itemId: itemPk, fileId, role, addedBy })));
};

export const itemsOfCommunications = (db: Db, communicationPks: number[]) =>
  db.select().from(communicationItems).where(inArray(communicationItems.communicationId, communicationPks));
