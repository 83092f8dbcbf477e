import { eq } from 'drizzle-orm';
import type { KarbonSimulator } from '@herd/simulators';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { karbonImportedFiles, receipts } from '../../../db/schema/index.js';
import { clientMaker } from '../../../../test/client.js';
import { signedInCast } from '../../../../test/factories.js';
import type { TestApp } from '../../../../test/harness.js';
import { pasted, startKarbonWorld } from '../../../../test/karbon.js';
import { renderReceipt, TEST_RECEIPTS } from '../../../../test/receipt-images.js';
import { importFirmReceipts } from './karbon-receipts.job.js';

let sim: KarbonSimulator;
let t: TestApp;
let cast: Awaited<ReturnType<typeof signedInCast>>;
let tenant: string;
let companyPk: number;
let organizationKey: string;

const silent = { error: () => {} };
const receiptsOf = (pk: number) => t.db.select().from(receipts).where(eq(receipts.clientCompanyId, pk));

beforeAll(async () => {
  ({ sim, t } = await startKarbonWorld({ tenants: [{ seed: { organizations: 3, contacts: 1 } }] }));
  tenant = sim.tenants()[0]!.tenantKey;
  cast = await signedInCast(
    t.db,
    clientMaker(() => t.app, 84),
  );
  expect((await cast.admin.post('integrations/karbon/instance/', pasted(sim))).statusCode).toBe(201);
  organizationKey = String(sim.organizations(tenant)[0]!.OrganizationKey);
  companyPk = (await cast.admin.post('accounting/accountant/client-companies/create/', { name: 'Receipts Co', connection_kind: 'CSV' })).json().pk;
  await cast.admin.post('integrations/karbon/organizations/mappings/', { client_company: companyPk, karbon_key: organizationKey, karbon_type: 'Organization' });
});
afterAll(async () => {
  await t?.close();
  await sim?.close();
});

describe('receipts brought in from Karbon', () => {
  it('takes nothing while the company’s settings do not ask for it', async () => {
    sim.addFile(tenant, {
      entityType: 'Organization',
      entityKey: organizationKey,
      fileName: 'lunch.png',
      mimeType: 'image/png',
      bytes: renderReceipt(TEST_RECEIPTS.cafe),
    });
    expect(await importFirmReceipts({ ...t.app.deps, log: silent }, cast.firm.firmId)).toBe(0);
    expect(await receiptsOf(companyPk)).toEqual([]);
  });

  it('makes each photo or PDF filed on the client a receipt of the company once, and turns away what is not one', async () => {
    expect((await cast.admin.patch(`integrations/karbon/settings/${companyPk}/update/`, { import_receipts: true })).statusCode).toBe(200);
    sim.addFile(tenant, {
      entityType: 'Organization',
      entityKey: organizationKey,
      fileName: 'minutes.docx',
      mimeType: 'application/msword',
      bytes: Buffer.from('not a receipt'),
    });
    sim.addFile(tenant, {
      entityType: 'Organization',
      entityKey: organizationKey,
      fileName: 'fake.png',
      mimeType: 'image/png',
      bytes: Buffer.from('%PDF-1.4 pretending'),
    });
    const now = new Date();
    expect(await importFirmReceipts({ ...t.app.deps, log: silent }, cast.firm.firmId, now)).toBe(1);
    const [receipt] = await receiptsOf(companyPk);
    expect(receipt).toMatchObject({ source: 'KARBON', note: 'From Karbon: lunch.png', uploadedBy: cast.firm.adminId });
    const looked = await t.db.select().from(karbonImportedFiles).where(eq(karbonImportedFiles.firmId, cast.firm.firmId));
    expect(looked).toHaveLength(3);
    expect(looked.filter((f) => f.refusal).map((f) => f.refusal)).toEqual([expect.stringContaining('minutes.docx'), expect.stringContaining('fake.png')]);
    // Looked at again later: nothing new, nothing twice.
    expect(await importFirmReceipts({ ...t.app.deps, log: silent }, cast.firm.firmId, new Date(now.getTime() + 20 * 60_000))).toBe(0);
    expect(await receiptsOf(companyPk)).toHaveLength(1);
    // The receipt is read as any other is.
    expect(await t.runJobs()).toBeGreaterThan(0);
  });
});
