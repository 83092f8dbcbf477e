import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/client.js';
import { bannerDismissals } from '../../../db/schema/index.js';
import { createBanner, createFirm } from '../../../../test/factories.js';
import { openTestDatabase } from '../../../../test/harness.js';
import { insertDismissal } from './banners.queries.js';

let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database?.close());

const dismissedBy = async (userId: number) =>
  (await database.db.select().from(bannerDismissals).where(eq(bannerDismissals.userId, userId))).map((d) => d.bannerId).sort((a, b) => a - b);

describe('banner dismissals stay within the user’s firm', () => {
  it('a banner of another firm is not dismissed; a global one or the firm’s own is', async () => {
    const { db } = database;
    const firm = await createFirm(db);
    const other = await createFirm(db);
    const theirs = await createBanner(db, { firmId: firm.firmId });
    const global = await createBanner(db);
    const own = await createBanner(db, { firmId: other.firmId });

    await insertDismissal(db, other.firmId, theirs.pk, other.adminId);
    await insertDismissal(db, null, theirs.pk, other.adminId);
    expect(await dismissedBy(other.adminId)).toEqual([]);

    await insertDismissal(db, other.firmId, global.pk, other.adminId);
    await insertDismissal(db, other.firmId, own.pk, other.adminId);
    await insertDismissal(db, other.firmId, own.pk, other.adminId);
    expect(await dismissedBy(other.adminId)).toEqual([global.pk, own.pk].sort((a, b) => a - b));
  });
});
