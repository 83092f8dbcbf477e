import { monitorEventLoopDelay } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, files } from '../../../db/schema/index.js';
import { clientMaker, type TestClient } from '../../../../test/client.js';
import { signedInCast } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { zipBomb } from '../../../../test/hostile-files.js';
import { HEIC_HEADER, multipartFiles, PDF_BYTES, PNG_1X1 } from '../../../../test/multipart.js';

let t: TestApp;
const newClient = clientMaker(() => t.app, 61);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Upload = { name: string; bytes: Buffer; type?: string };
const upload = (client: TestClient, fields: Record<string, string>, uploads: Upload[]) => {
  const { body, headers } = multipartFiles(fields, uploads);
  return client.request('POST', 'accounting/receipt/create/', { body, headers });
};
const filesOf = (companyPk: number) => t.db.select().from(files).where(eq(files.clientCompanyId, companyPk));

describe('receipt create', () => {
  it('makes one READY receipt per file of a client’s upload, waiting to be read, in the client’s and accountant’s active lists', async () => {
    const cast = await signedInCast(t.db, newClient);
    const pk = cast.clientUser.companyId;
    const res = await upload(cast.client, { client_company: String(pk), note: 'Lunch with the Smiths' }, [
      { name: 'lunch.png', bytes: PNG_1X1, type: 'image/png' },
      { name: 'hotel.pdf', bytes: PDF_BYTES, type: 'application/pdf' },
      { name: 'IMG_0042.HEIC', bytes: HEIC_HEADER, type: 'image/heic' },
    ]);
    expect(res.statusCode).toBe(201);
    const made = res.json() as { pk: number; status: string; source: string; read_state: string; note: string; file: { name: string; content_type: string } }[];
    expect(made.map((r) => [r.file.name, r.file.content_type, r.status, r.source, r.read_state, r.note])).toEqual([
      ['lunch.png', 'image/png', 'READY', 'WEB', 'PENDING', 'Lunch with the Smiths'],
      ['hotel.pdf', 'application/pdf', 'READY', 'WEB', 'PENDING', 'Lunch with the Smiths'],
      ['IMG_0042.HEIC', 'image/heic', 'READY', 'WEB', 'PENDING', 'Lunch with the Smiths'],
    ]);
    const clientList = (await cast.client.get(`accounting/client/company/${pk}/receipts/list/`)).json();
    expect(clientList.count).toBe(3);
    const accountantList = (await cast.admin.get(`accounting/accountant/client-company/${pk}/receipts/list/?ordering=created_at`)).json();
    expect(accountantList.results.map((r: { pk: number }) => r.pk)).toEqual(made.map((r) => r.pk));
    expect((await cast.admin.get(`accounting/accountant/client-company/${pk}/receipts/counters/`)).json()).toEqual({
      active: 3,
      completed: 0,
      hidden: 0,
      duplicates: 0,
      unread: 3,
    });
  });

  it('refuses the whole upload when one file is empty, lies about its type or is not a photo or PDF: nothing is kept', async () => {
    const cast = await signedInCast(t.db, newClient);
    const pk = String(cast.clientUser.companyId);
    const good = { name: 'ok.png', bytes: PNG_1X1 };
    const empty = await upload(cast.client, { client_company: pk }, [good, { name: 'blank.jpg', bytes: Buffer.alloc(0) }]);
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ file: ['blank.jpg is empty.'] });
    const lying = await upload(cast.client, { client_company: pk }, [good, { name: 'invoice.pdf', bytes: PNG_1X1, type: 'application/pdf' }]);
    expect(lying.json()).toEqual({ file: ['invoice.pdf is not what its name says: its contents are not a .pdf file.'] });
    const script = await upload(cast.client, { client_company: pk }, [{ name: 'receipt.jpg', bytes: Buffer.from('#!/bin/sh\nrm -rf /\n') }]);
    expect(script.json()).toEqual({ file: ['receipt.jpg is not a photo or a PDF. Upload a JPEG, PNG or HEIC photo, or a PDF.'] });
    const oversized = await upload(cast.client, { client_company: pk }, [good, { name: 'big.pdf', bytes: Buffer.concat([PDF_BYTES, Buffer.alloc(1024 * 1024)]) }]);
    expect(oversized.statusCode).toBe(400);
    expect(oversized.json()).toEqual({ file: ['big.pdf is larger than the 1 MB limit.'] });
    expect(await filesOf(cast.clientUser.companyId)).toEqual([]);
    expect((await cast.client.get(`accounting/client/company/${pk}/receipts/counters/`)).json().active).toBe(0);
  });

  it('refuses a zip bomb, named as a zip or as a PDF, as not a photo or PDF, and the event loop stays free while it is looked at', async () => {
    const cast = await signedInCast(t.db, newClient);
    const pk = String(cast.clientUser.companyId);
    // 800 MB of zeros in 8 entries, under 1 MB sent; its first entry is the one the type sniffer inflates (a megabyte at most) to look for an Office file.
    const bomb = zipBomb(8, 100);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const asZip = await upload(cast.client, { client_company: pk }, [{ name: 'receipts.zip', bytes: bomb, type: 'application/zip' }]);
    const asPdf = await upload(cast.client, { client_company: pk }, [{ name: 'scan.pdf', bytes: bomb, type: 'application/pdf' }]);
    delay.disable();
    expect(asZip.statusCode).toBe(400);
    expect(asZip.json()).toEqual({ file: ['receipts.zip is not a photo or a PDF. Upload a JPEG, PNG or HEIC photo, or a PDF.'] });
    expect(asPdf.json()).toEqual({ file: ['scan.pdf is not a photo or a PDF. Upload a JPEG, PNG or HEIC photo, or a PDF.'] });
    expect(delay.max / 1e6).toBeLessThan(200);
    expect(await filesOf(cast.clientUser.companyId)).toEqual([]);
  });

  it('asks a client which company, and refuses another client’s or firm’s company as one that does not exist', async () => {
    const cast = await signedInCast(t.db, newClient);
    const other = await signedInCast(t.db, newClient);
    const png = [{ name: 'a.png', bytes: PNG_1X1 }];
    expect((await upload(cast.client, {}, png)).json()).toEqual({ client_company: ['Client company is required.'] });
    expect((await upload(cast.client, { client_company: 'abc' }, png)).json()).toEqual({ client_company: ['Client company is not valid.'] });
    expect((await upload(cast.client, { client_company: String(other.clientUser.companyId) }, png)).statusCode).toBe(404);
    expect((await upload(cast.otherFirmAdmin, { client_company: String(cast.clientUser.companyId) }, png)).statusCode).toBe(404);
    expect((await upload(cast.client, { client_company: String(cast.clientUser.companyId) }, [])).json()).toEqual({ file: ['File is required.'] });
  });

  it('an accountant’s upload without a company waits in the firm’s inbox, until it is given to a company', async () => {
    const cast = await signedInCast(t.db, newClient);
    const made = (await upload(cast.admin, {}, [{ name: 'found-in-the-post.pdf', bytes: PDF_BYTES }])).json()[0];
    expect(made.client_company).toBeNull();
    const inbox = (await cast.admin.get('accounting/accountant/receipts/inbox/')).json();
    expect(inbox.results.map((r: { pk: number }) => r.pk)).toEqual([made.pk]);
    expect((await cast.client.get('accounting/accountant/receipts/inbox/')).statusCode).toBe(403);
    expect((await cast.otherFirmAdmin.get('accounting/accountant/receipts/inbox/')).json().count).toBe(0);
    // Another firm cannot take it: its own inbox does not hold that pk.
    expect((await cast.otherFirmAdmin.patch('accounting/accountant/receipts/inbox/update/', { receipts: [{ pk: made.pk, note: 'mine' }] })).statusCode).toBe(404);
    const pk = cast.clientUser.companyId;
    const moved = await cast.admin.patch('accounting/accountant/receipts/inbox/update/', { receipts: [{ pk: made.pk, client_company: pk }] });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()[0].client_company.pk).toBe(pk);
    expect((await cast.admin.get('accounting/accountant/receipts/inbox/')).json().count).toBe(0);
    // The client now sees it, and its file.
    const seen = (await cast.client.get(`accounting/client/company/${pk}/receipts/list/`)).json().results;
    expect(seen.map((r: { pk: number }) => r.pk)).toEqual([made.pk]);
    expect((await cast.client.get(`storage/file/retrieve/${made.file.pk}/`)).statusCode).toBe(200);
  });

  it('flags a second upload of the same file as a duplicate once it is read, and keeps both', async () => {
    const cast = await signedInCast(t.db, newClient);
    const pk = cast.clientUser.companyId;
    const first = (await upload(cast.client, { client_company: String(pk) }, [{ name: 'a.png', bytes: PNG_1X1 }])).json()[0];
    const second = (await upload(cast.client, { client_company: String(pk) }, [{ name: 'again.png', bytes: PNG_1X1 }])).json()[0];
    await t.runJobs();
    const list = (await cast.admin.get(`accounting/accountant/client-company/${pk}/receipts/list/?ordering=created_at`)).json().results;
    expect(list.map((r: { pk: number; duplicate_of: number | null }) => [r.pk, r.duplicate_of])).toEqual([
      [first.pk, null],
      [second.pk, first.pk],
    ]);
    // A one-pixel image holds nothing to read: refused as blank before OCR, with the reason, nothing made up;
    // the duplicate flag (by the file's bytes) is set all the same.
    expect(list.map((r: { read_state: string; read_error: string | null; vendor: { value: unknown } }) => [r.read_state, r.read_error, r.vendor.value])).toEqual([
      ['FAILED', 'The image is blank.', null],
      ['FAILED', 'The image is blank.', null],
    ]);
    expect((await cast.admin.get(`accounting/accountant/client-company/${pk}/receipts/list/?duplicates=true`)).json().count).toBe(1);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.action, 'receipt.create'));
    expect(audit.filter((a) => a.firmId === cast.firm.firmId)).toHaveLength(2);
  });
});
