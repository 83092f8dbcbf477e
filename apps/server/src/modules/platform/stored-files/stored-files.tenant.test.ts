import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/client.js';
import { files, firms } from '../../../db/schema/index.js';
import { createFirm } from '../../../../test/factories.js';
import { openTestDatabase } from '../../../../test/harness.js';
import { clearLogoReferences, deleteFileRow, findFile, insertFile } from './stored-files.queries.js';

let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database?.close());

const logoOf = async (firmId: number) => (await database.db.select({ logo: firms.logoFileId }).from(firms).where(eq(firms.pk, firmId)))[0]?.logo;

describe('file rows are read and written within their firm', () => {
  it('findFile, deleteFileRow and clearLogoReferences with another firm’s id read and change nothing', async () => {
    const { db } = database;
    const firm = await createFirm(db);
    const other = await createFirm(db);
    const file = await insertFile(db, { firmId: firm.firmId, storageKey: `t/${firm.firmId}/logo`, name: 'logo.png', contentType: 'image/png', size: 1, sha256: 'x' });
    await db.update(firms).set({ logoFileId: file.pk }).where(eq(firms.pk, firm.firmId));

    expect(await findFile(db, other.firmId, file.pk)).toBeNull();
    await clearLogoReferences(db, other.firmId, file.pk);
    await deleteFileRow(db, other.firmId, file.pk);
    expect(await logoOf(firm.firmId)).toBe(file.pk);
    expect(await db.select().from(files).where(eq(files.pk, file.pk))).toHaveLength(1);

    expect((await findFile(db, firm.firmId, file.pk))?.name).toBe('logo.png');
    await clearLogoReferences(db, firm.firmId, file.pk);
    await deleteFileRow(db, firm.firmId, file.pk);
    expect(await logoOf(firm.firmId)).toBeNull();
    expect(await db.select().from(files).where(eq(files.pk, file.pk))).toHaveLength(0);
  });
});
