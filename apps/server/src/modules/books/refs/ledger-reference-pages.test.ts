import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerRefs } from '../../../db/schema/index.js';
import { createClientUser, createFirm } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { upsertReferencePage } from './ledger-reference-pages.queries.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const option = (externalId: string, name: string, parentExternalId: string) => ({
  kind: 'TRACKING_OPTION' as const,
  externalId,
  name,
  active: true,
  raw: {},
  parentExternalId,
});

describe('a ledger’s reference page', () => {
  it('files tracking options under their category, from the same page, and leaves out an option whose category it does not know', async () => {
    const { companyId } = await createClientUser(t.db, (await createFirm(t.db)).firmId);
    const region = { kind: 'TRACKING_CATEGORY' as const, externalId: 'TC-1', name: 'Region', active: true, raw: {} };
    // Options first in the page: the category is written before them all the same.
    await upsertReferencePage(t.db, companyId, {
      accounts: [],
      refs: [option('O-1', 'North', 'TC-1'), option('O-2', 'South', 'TC-1'), option('O-9', 'Lost', 'TC-9'), region],
    });
    await upsertReferencePage(t.db, companyId, { accounts: [], refs: [option('O-2', 'South coast', 'TC-1')] });
    const rows = await t.db
      .select()
      .from(ledgerRefs)
      .where(and(eq(ledgerRefs.clientCompanyId, companyId)));
    const category = rows.find((r) => r.externalId === 'TC-1')!;
    expect(
      rows
        .filter((r) => r.kind === 'TRACKING_OPTION')
        .map((r) => [r.externalId, r.name, r.parentId])
        .sort(),
    ).toEqual([
      ['O-1', 'North', category.pk],
      ['O-2', 'South coast', category.pk],
    ]);
  });
});
