import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { karbonInstances, receipts } from '../../../db/schema/index.js';
import { clientMaker, type TestClient } from '../../../../test/client.js';
import { signedInCast } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { multipart, PDF_BYTES } from '../../../../test/multipart.js';
import { startListeningApp } from '../../../../test/qbd.js';
import { renderReceipt, TEST_RECEIPTS } from '../../../../test/receipt-images.js';
import { deliverFirmEvents } from '../../../modules/firm/practice-management/karbon-delivery.job.js';
import { oweKarbon } from '../../../modules/firm/practice-management/karbon-events.service.js';
import { importFirmReceipts } from '../../../modules/firm/practice-management/karbon-receipts.job.js';

const VIEW = 'integrations/karbon/sandbox/view/';
const FILE = 'integrations/karbon/sandbox/files/';

let t: TestApp;
let cast: Awaited<ReturnType<typeof signedInCast>>;
let tenant: string;
let companyPk: number;
let organizationKey: string;

const fileOn = (client: TestClient, company: number | string, file: { name: string; bytes: Buffer; type?: string }) => {
  const { body, headers } = multipart({ client_company: String(company) }, file);
  return client.request('POST', FILE, { body, headers });
};

beforeAll(async () => {
  ({ t } = await startListeningApp());
  cast = await signedInCast(
    t.db,
    clientMaker(() => t.app, 86),
  );
  const connected = await cast.admin.post('integrations/karbon/sandbox/connect/', {});
  expect(connected.statusCode, connected.body).toBe(201);
  tenant = connected.json().tenant_key;
  organizationKey = String(t.app.karbonSandbox!.control.organizations(tenant)[0]!.OrganizationKey);
  companyPk = (await cast.admin.post('accounting/accountant/client-companies/create/', { name: 'Sandbox Bakery', connection_kind: 'CSV' })).json().pk;
  const linked = await cast.admin.post('integrations/karbon/organizations/mappings/', {
    client_company: companyPk,
    karbon_key: organizationKey,
    karbon_type: 'Organization',
  });
  expect(linked.statusCode, linked.body).toBe(201);
});
afterAll(async () => t?.close());

describe('the sandbox Karbon’s page', () => {
  it('shows the firm’s own account: the clients Herd linked, the notes and work items Herd wrote there, nothing seeded', async () => {
    const settings = (await cast.admin.get('integrations/karbon/settings/')).json().settings;
    expect((await cast.admin.patch('integrations/karbon/settings/update/', { ...settings, work_item_on_sync_error: true, work_type: 'Bookkeeping' })).statusCode).toBe(
      200,
    );
    await oweKarbon(t.db, { firmId: cast.firm.firmId, companyPk, kind: 'TRANSACTIONS_ANSWERED', count: 3 });
    await oweKarbon(t.db, { firmId: cast.firm.firmId, companyPk, kind: 'SYNC_ERROR', count: 2 });
    // A moment later than both were owed: the database keeps microseconds, a Date only milliseconds, so "now" taken
    // in the same millisecond as the second event can read as before it.
    expect(await deliverFirmEvents(t.app.deps, cast.firm.firmId, new Date(Date.now() + 1000))).toBe(2);

    const view = await cast.admin.get(VIEW);
    expect(view.statusCode, view.body).toBe(200);
    const body = view.json();
    expect(body.tenant_key).toBe(tenant);
    expect(body.clients).toHaveLength(1);
    const [client] = body.clients;
    expect(client).toMatchObject({
      client_company: companyPk,
      company_name: 'Sandbox Bakery',
      karbon_key: organizationKey,
      karbon_type: 'Organization',
      import_receipts: false,
      next_look_at: null,
      files: [],
    });
    expect(client.karbon_name).toBe(t.app.karbonSandbox!.control.organizations(tenant)[0]!.FullName);
    // The seed put a note on this organization's timeline: it is not Herd's, so it is not listed.
    expect(t.app.karbonSandbox!.control.notes(tenant).some((note) => String(note.Subject).startsWith('Seeded'))).toBe(true);
    expect(client.notes).toEqual([
      { key: expect.any(String), date: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), subject: 'Herd: Sandbox Bakery answered 3 transactions', body: expect.any(String) },
    ]);
    expect(client.work_items).toEqual([
      {
        key: expect.any(String),
        title: expect.stringContaining('2 transactions of Sandbox Bakery could not be published'),
        status: expect.any(String),
        start_date: expect.any(String),
      },
    ]);
  });

  it('files a document on a linked client in the simulator, which Herd’s import makes a receipt when it runs', async () => {
    expect((await cast.admin.patch(`integrations/karbon/settings/${companyPk}/update/`, { import_receipts: true })).statusCode).toBe(200);
    const before = Date.now();
    const filed = await fileOn(cast.admin, companyPk, { name: 'lunch.png', bytes: renderReceipt(TEST_RECEIPTS.cafe), type: 'image/png' });
    expect(filed.statusCode, filed.body).toBe(201);
    const { client, file } = filed.json();
    expect(file).toMatchObject({ name: 'lunch.png', content_type: 'image/png', state: 'WAITING', refusal: null });
    // Made due at once: the next minute's sweep looks at it.
    expect(Date.parse(client.next_look_at) - before).toBeLessThanOrEqual(61_000);
    const inKarbon = t.app.karbonSandbox!.control.files(tenant);
    expect(inKarbon).toContainEqual(expect.objectContaining({ FileContextKey: file.key, FileName: 'lunch.png', EntityType: 'Organization', EntityKey: organizationKey }));

    expect(await importFirmReceipts({ ...t.app.deps, log: { error: () => {} } }, cast.firm.firmId)).toBe(1);
    const [receipt] = await t.db.select().from(receipts).where(eq(receipts.clientCompanyId, companyPk));
    expect(receipt).toMatchObject({ source: 'KARBON', note: 'From Karbon: lunch.png' });
    const after = (await cast.admin.get(VIEW)).json().clients[0];
    expect(after.files).toEqual([expect.objectContaining({ key: file.key, state: 'RECEIPT' })]);
    // Looked at just now: the next look is the import's usual fifteen minutes on.
    expect(Date.parse(after.next_look_at) - Date.now()).toBeGreaterThan(14 * 60_000);
  });

  it('shows what the import turned away, and files nothing without a linked client or a file', async () => {
    const filed = await fileOn(cast.admin, companyPk, { name: 'minutes.txt', bytes: Buffer.from('not a receipt'), type: 'text/plain' });
    expect(filed.statusCode, filed.body).toBe(201);
    await importFirmReceipts({ ...t.app.deps, log: { error: () => {} } }, cast.firm.firmId);
    const files = (await cast.admin.get(VIEW)).json().clients[0].files;
    expect(files[0]).toMatchObject({ name: 'minutes.txt', state: 'TURNED_AWAY', refusal: expect.stringContaining('minutes.txt') });

    const unlinked = (await cast.admin.post('accounting/accountant/client-companies/create/', { name: 'Not In Karbon', connection_kind: 'CSV' })).json().pk;
    expect((await fileOn(cast.admin, unlinked, { name: 'a.pdf', bytes: PDF_BYTES })).statusCode).toBe(404);
    const noCompany = await cast.admin.request('POST', FILE, multipart({}, { name: 'a.pdf', bytes: PDF_BYTES }));
    expect(noCompany.statusCode).toBe(400);
    expect((await fileOn(cast.admin, 'abc', { name: 'a.pdf', bytes: PDF_BYTES })).statusCode).toBe(400);
    expect((await fileOn(cast.admin, companyPk, { name: 'empty.pdf', bytes: Buffer.alloc(0) })).statusCode).toBe(400);
    expect((await cast.admin.request('POST', FILE, multipart({ client_company: String(companyPk) }))).statusCode).toBe(400);
  });

  it('is the firm admins’ of a firm connected to the sandbox, and never shows another firm’s account', async () => {
    expect((await cast.teamMember.get(VIEW)).statusCode).toBe(403);
    expect((await cast.client.get(VIEW)).statusCode).toBe(403);
    const signedOut = await cast.anonymous.get(VIEW);
    expect(signedOut.statusCode).toBe(401);
    // Another firm not connected at all, then connected to its own account: never the first firm's.
    expect((await cast.otherFirmAdmin.get(VIEW)).statusCode).toBe(404);
    expect((await cast.otherFirmAdmin.post('integrations/karbon/sandbox/connect/', {})).statusCode).toBe(201);
    const theirs = (await cast.otherFirmAdmin.get(VIEW)).json();
    expect(theirs.tenant_key).not.toBe(tenant);
    expect(theirs.clients).toEqual([]);
    expect((await fileOn(cast.otherFirmAdmin, companyPk, { name: 'a.pdf', bytes: PDF_BYTES })).statusCode).toBe(404);
    // A connection that names the first firm's account (however it came to) still reads nothing of it.
    await t.db.update(karbonInstances).set({ tenantKey: tenant }).where(eq(karbonInstances.firmId, cast.outsider.firmId));
    expect((await cast.otherFirmAdmin.get(VIEW)).statusCode).toBe(404);
    expect((await fileOn(cast.otherFirmAdmin, companyPk, { name: 'a.pdf', bytes: PDF_BYTES })).statusCode).toBe(404);
    // A firm connected to a real Karbon has no sandbox page.
    await t.db.update(karbonInstances).set({ sandbox: false }).where(eq(karbonInstances.firmId, cast.firm.firmId));
    expect((await cast.admin.get(VIEW)).statusCode).toBe(404);
    await t.db.update(karbonInstances).set({ sandbox: true }).where(eq(karbonInstances.firmId, cast.firm.firmId));
    expect((await cast.admin.get(VIEW)).statusCode).toBe(200);
  });
});

describe('with the sandboxes off', () => {
  it('has no sandbox Karbon page, even for a firm whose connection says sandbox', async () => {
    const off = await createTestApp({ sandboxes: false });
    try {
      const offCast = await signedInCast(
        off.db,
        clientMaker(() => off.app, 87),
      );
      expect(off.app.karbonSandbox).toBeNull();
      expect((await offCast.admin.get(VIEW)).statusCode).toBe(404);
      await off.db.insert(karbonInstances).values({
        firmId: offCast.firm.firmId,
        applicationIdEnc: 'sealed',
        accessKeyEnc: 'sealed',
        tenantKey: 'a-tenant',
        sandbox: true,
        webhookToken: 'token-of-a-sandbox-connection',
        signingKeyEnc: 'sealed',
        settings: (await offCast.admin.get('integrations/karbon/settings/')).json().settings,
      });
      const view = await offCast.admin.get(VIEW);
      expect(view.statusCode).toBe(404);
      expect(view.json().detail).toContain('sandbox Karbon isn’t available');
      expect((await fileOn(offCast.admin, 1, { name: 'a.pdf', bytes: PDF_BYTES })).statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });
});
