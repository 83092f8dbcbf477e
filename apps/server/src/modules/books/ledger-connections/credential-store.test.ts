import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerConnections } from '../../../db/schema/index.js';
import { createClientUser, createFirm } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { connectionCredentials } from './credential-store.queries.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const sealed = (label: string) => ({
  accessTokenEnc: `access-${label}`,
  refreshTokenEnc: `refresh-${label}`,
  accessExpiresAt: new Date(Date.now() + 60_000),
  refreshExpiresAt: new Date(Date.now() + 86_400_000),
});

describe('the credential store over ledger connections', () => {
  it('gives a rotated token to every company linked through the same consent, and to no other', async () => {
    const firm = await createFirm(t.db);
    const [a, b, c] = [await createClientUser(t.db, firm.firmId), await createClientUser(t.db, firm.firmId), await createClientUser(t.db, firm.firmId)];
    const link = (companyPk: number, tenant: string, label: string) =>
      t.db.insert(ledgerConnections).values({ clientCompanyId: companyPk, provider: 'XERO', externalCompanyId: tenant, ...sealed(label) });
    // Two organisations of one consent, and one of another.
    await link(a.companyId, 'T-1', 'consent-1');
    await link(b.companyId, 'T-2', 'consent-1');
    await link(c.companyId, 'T-3', 'consent-2');
    const store = connectionCredentials(t.db);
    await store.save(a.companyId, sealed('rotated'));
    const refreshOf = async (pk: number) => (await t.db.select().from(ledgerConnections).where(eq(ledgerConnections.clientCompanyId, pk)))[0]!.refreshTokenEnc;
    expect([await refreshOf(a.companyId), await refreshOf(b.companyId), await refreshOf(c.companyId)]).toEqual([
      'refresh-rotated',
      'refresh-rotated',
      'refresh-consent-2',
    ]);
    expect(await store.read(b.companyId)).toMatchObject({ provider: 'XERO', externalCompanyId: 'T-2', credentials: { refreshTokenEnc: 'refresh-rotated' } });
  });
});
