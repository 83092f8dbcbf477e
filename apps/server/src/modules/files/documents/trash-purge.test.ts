import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents, files } from '../../../db/schema/index.js';
import { StoredObjectMissingError } from '../../platform/stored-files/stored-files.face.js';
import { clientMaker } from '../../../../test/client.js';
import { documentsOf } from '../../../../test/documents.js';
import { signedInCast } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { PDF_BYTES } from '../../../../test/multipart.js';
import { purgeDocumentTrash } from './trash-purge.job.js';

let t: TestApp;
const newClient = clientMaker(() => t.app, 4);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const DAY = 24 * 60 * 60 * 1000;

describe('the documents trash', () => {
  it('is removed for good after 30 days, with what it held and the stored bytes; a recent delete stays restorable', async () => {
    const cast = await signedInCast(t.db, newClient);
    const firm = documentsOf(cast.admin, cast.clientUser.companyId, 'accountant');
    const old = (await firm.createFolder({ name: 'Old' })).json();
    const inner = (await firm.createFolder({ name: 'Inner', parent: old.pk })).json();
    const file = (await firm.upload([{ name: 'a.pdf', bytes: PDF_BYTES }], inner.pk)).json().results[0];
    const recent = (await firm.upload([{ name: 'b.pdf', bytes: PDF_BYTES }])).json().results[0];
    const [fileRow] = await t.db.select({ fileId: documents.fileId }).from(documents).where(eq(documents.pk, file.pk));
    const [stored] = await t.db.select().from(files).where(eq(files.pk, fileRow!.fileId!));
    await firm.remove([old.pk]);
    const recentDeletion = (await firm.remove([recent.pk])).json().deletion;
    const now = new Date(Date.now() + 31 * DAY);
    await t.db
      .update(documents)
      .set({ deletedAt: new Date(now.getTime() - 2 * DAY) })
      .where(eq(documents.pk, recent.pk));

    expect(await purgeDocumentTrash(t.app.deps, now)).toBe(1);
    expect(
      await t.db
        .select()
        .from(documents)
        .where(inArray(documents.pk, [old.pk, inner.pk, file.pk])),
    ).toEqual([]);
    expect(await t.db.select().from(files).where(eq(files.pk, stored!.pk))).toEqual([]);
    await expect(t.app.deps.storage.get(stored!.storageKey)).rejects.toBeInstanceOf(StoredObjectMissingError);
    // Idempotent, and a deletion younger than 30 days is kept.
    expect(await purgeDocumentTrash(t.app.deps, now)).toBe(0);
    expect((await firm.restore(recentDeletion)).statusCode).toBe(200);
  });
});
