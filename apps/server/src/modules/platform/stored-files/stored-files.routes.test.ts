import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestClient, clientMaker } from '../../../../test/client.js';
import { signedInCast } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { PDF_BYTES, PNG_1X1, multipart } from '../../../../test/multipart.js';
import { restrictedCast } from '../../../../test/restricted.js';

let t: TestApp;
const newClient = clientMaker(() => t.app, 8);

beforeAll(async () => {
  t = await createTestApp({ maxUploadBytes: 64 * 1024 });
});
afterAll(async () => t?.close());

const upload = (client: TestClient, file: { name: string; bytes: Buffer; type?: string }, fields: Record<string, string> = {}) => {
  const { body, headers } = multipart(fields, file);
  return client.request('POST', 'storage/file/create/', { body, headers });
};

describe('storage', () => {
  it('stores an image by its sniffed type and serves it back to the firm', async () => {
    const cast = await signedInCast(t.db, newClient);
    // The browser's claimed type and the extension are ignored: the bytes decide.
    const res = await upload(cast.admin, { name: 'logo.txt', bytes: PNG_1X1, type: 'text/plain' });
    expect(res.statusCode).toBe(201);
    const file = res.json();
    expect(file).toMatchObject({ name: 'logo.txt', content_type: 'image/png', size: PNG_1X1.length });
    const got = await cast.admin.get(file.url);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(got.rawPayload.equals(PNG_1X1)).toBe(true);
    // A firm-level file is the firm's own; its clients see it only once it is the firm's logo.
    expect((await cast.client.get(file.url)).statusCode).toBe(404);
    await cast.admin.patch('accounting/accountant/firm-settings/update/', { logo: file.pk });
    expect((await cast.client.get(file.url)).statusCode).toBe(200);
    expect((await cast.otherFirmAdmin.get(file.url)).statusCode).toBe(404);
    expect((await cast.anonymous.get(file.url)).statusCode).toBe(401);
  });

  it('keeps a client company’s files to the people of that company', async () => {
    const cast = await signedInCast(t.db, newClient);
    const res = await upload(cast.client, { name: 'receipt.pdf', bytes: PDF_BYTES }, { client_company: String(cast.clientUser.companyId) });
    expect(res.statusCode).toBe(201);
    const file = res.json();
    expect(file.content_type).toBe('application/pdf');
    expect((await cast.admin.get(file.url)).statusCode).toBe(200);
    expect((await cast.teamMember.get(file.url)).statusCode).toBe(404);
    expect((await cast.otherFirmAdmin.get(file.url)).statusCode).toBe(404);
    const other = await signedInCast(t.db, newClient);
    expect((await upload(other.client, { name: 'x.pdf', bytes: PDF_BYTES }, { client_company: String(cast.clientUser.companyId) })).statusCode).toBe(404);
    expect((await upload(cast.client, { name: 'x.pdf', bytes: PDF_BYTES })).json()).toEqual({ client_company: ['Client company is required.'] });
  });

  it('refuses unsupported types, empty and oversized files, and a missing file', async () => {
    const cast = await signedInCast(t.db, newClient);
    const exe = await upload(cast.admin, { name: 'setup.exe', bytes: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 1)]) });
    expect(exe.statusCode).toBe(400);
    expect(exe.json()).toEqual({ file: ['File type is not supported. Upload an image, a PDF or a CSV file.'] });
    expect((await upload(cast.admin, { name: 'empty.png', bytes: Buffer.alloc(0) })).json()).toEqual({ file: ['File is empty.'] });
    const big = await upload(cast.admin, { name: 'big.pdf', bytes: Buffer.concat([PDF_BYTES, Buffer.alloc(70 * 1024, 32)]) });
    expect(big.statusCode).toBe(400);
    expect(big.json()).toEqual({ file: ['File is larger than the 64 KB limit.'] });
    const none = multipart({ note: 'no file' });
    expect((await cast.admin.request('POST', 'storage/file/create/', { body: none.body, headers: none.headers })).json()).toEqual({ file: ['File is required.'] });
    expect((await cast.admin.post('storage/file/create/', { file: 'x' })).json()).toEqual({ file: ['File is required.'] });
  });

  it('accepts a CSV (text, no signature) by its extension only when it really is text', async () => {
    const cast = await signedInCast(t.db, newClient);
    const csv = await upload(cast.admin, { name: 'bank.csv', bytes: Buffer.from('date,amount\n2026-01-01,12.50\n') });
    expect(csv.json().content_type).toBe('text/csv');
    const binary = await upload(cast.admin, { name: 'bank.csv', bytes: Buffer.from([0, 1, 2, 3, 0, 255, 0]) });
    expect(binary.statusCode).toBe(400);
  });

  it('deletes: staff any visible file, a client only their own; then it is gone', async () => {
    const cast = await signedInCast(t.db, newClient);
    const staffFile = (await upload(cast.admin, { name: 'a.png', bytes: PNG_1X1 })).json();
    expect((await cast.client.delete(`storage/file/delete/${staffFile.pk}/`)).statusCode).toBe(404);
    await cast.admin.patch('accounting/accountant/firm-settings/update/', { logo: staffFile.pk });
    expect((await cast.client.delete(`storage/file/delete/${staffFile.pk}/`)).statusCode).toBe(403);
    expect((await cast.otherFirmAdmin.delete(`storage/file/delete/${staffFile.pk}/`)).statusCode).toBe(404);
    expect((await cast.admin.delete(`storage/file/delete/${staffFile.pk}/`)).statusCode).toBe(204);
    expect((await cast.admin.get(staffFile.url)).statusCode).toBe(404);
    const own = (await upload(cast.client, { name: 'r.pdf', bytes: PDF_BYTES }, { client_company: String(cast.clientUser.companyId) })).json();
    expect((await cast.client.delete(`storage/file/delete/${own.pk}/`)).statusCode).toBe(204);
  });
});

describe('files follow what they are attached to', () => {
  it('a restricted client opens attachments of their own accounts’ transactions only', async () => {
    const { cast, pk, fuel, rent } = await restrictedCast(t.db, newClient);
    const company = { client_company: String(pk) };
    const attached = async (txPk: number, name: string) => {
      const file = (await upload(cast.admin, { name, bytes: PDF_BYTES }, company)).json();
      expect((await cast.admin.post(`accounting/transaction/${txPk}/attachments/`, { file: file.pk })).statusCode).toBe(200);
      return file;
    };
    const fuelReceipt = await attached(fuel, 'fuel.pdf');
    const rentInvoice = await attached(rent, 'rent.pdf');
    expect((await cast.client.get(fuelReceipt.url)).statusCode).toBe(200);
    const hidden = await cast.client.get(rentInvoice.url);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual((await cast.client.get('storage/file/retrieve/999999999/')).json());
    expect((await cast.client.delete(`storage/file/delete/${rentInvoice.pk}/`)).statusCode).toBe(404);
    expect((await cast.admin.get(rentInvoice.url)).statusCode).toBe(200);

    // A company file the accountant has not attached to anything is not the client's to open; their own upload is.
    const loose = (await upload(cast.admin, { name: 'working-papers.pdf', bytes: PDF_BYTES }, company)).json();
    expect((await cast.client.get(loose.url)).statusCode).toBe(404);
    const own = (await upload(cast.client, { name: 'mine.pdf', bytes: PDF_BYTES }, company)).json();
    expect((await cast.client.get(own.url)).statusCode).toBe(200);
  });
});

describe('firm settings', () => {
  it('a firm admin sets name, colour and logo; profiles of staff and clients show them at once', async () => {
    const cast = await signedInCast(t.db, newClient);
    const logo = (await upload(cast.admin, { name: 'logo.png', bytes: PNG_1X1 })).json();
    const res = await cast.admin.patch('accounting/accountant/firm-settings/update/', {
      company_name: 'Renamed Firm',
      main_color: '#AA3366',
      logo: logo.pk,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      pk: cast.firm.firmId,
      company_name: 'Renamed Firm',
      main_color: '#aa3366',
      logo: logo.url,
      logo_file: logo.pk,
      time_zone: 'America/New_York',
      // The client reminders' firm settings, as they were: Mondays, accountants told after three unanswered.
      reminder_weekday: 1,
      reminder_escalate_after: 3,
    });
    expect((await cast.teamMember.get('users/profile/')).json().accountant_company_user.company).toEqual({
      pk: cast.firm.firmId,
      company_name: 'Renamed Firm',
      main_color: '#aa3366',
      logo: logo.url,
    });
    expect((await cast.client.get('users/profile/')).json().client_firm.main_color).toBe('#aa3366');

    // Deleting the logo file clears it from the firm.
    await cast.admin.delete(`storage/file/delete/${logo.pk}/`);
    expect((await cast.admin.get('accounting/accountant/firm-settings/')).json().logo).toBeNull();
    const cleared = await cast.admin.patch('accounting/accountant/firm-settings/update/', { main_color: null });
    expect(cleared.json().main_color).toBeNull();
  });

  it('refuses a logo that is not an image, another firm’s file, a bad colour and a blank name', async () => {
    const cast = await signedInCast(t.db, newClient);
    const pdf = (await upload(cast.admin, { name: 'doc.pdf', bytes: PDF_BYTES })).json();
    expect((await cast.admin.patch('accounting/accountant/firm-settings/update/', { logo: pdf.pk })).json()).toEqual({
      logo: ['Logo must be a PNG, JPEG, GIF or WebP image.'],
    });
    const foreign = (await upload(cast.otherFirmAdmin, { name: 'theirs.png', bytes: PNG_1X1 })).json();
    expect((await cast.admin.patch('accounting/accountant/firm-settings/update/', { logo: foreign.pk })).json()).toEqual({ logo: ['Logo is not valid.'] });
    expect((await cast.admin.patch('accounting/accountant/firm-settings/update/', { main_color: 'red', company_name: ' ' })).json()).toEqual({
      company_name: ['Firm name is required.'],
      main_color: ['Main colour is not valid.'],
    });
  });

  it('only a firm admin may change branding', async () => {
    const cast = await signedInCast(t.db, newClient);
    for (const who of [cast.clientAdmin, cast.teamMember, cast.client]) {
      expect((await who.patch('accounting/accountant/firm-settings/update/', { main_color: '#000000' })).statusCode).toBe(403);
    }
    expect((await cast.anonymous.patch('accounting/accountant/firm-settings/update/', { main_color: '#000000' })).statusCode).toBe(401);
  });
});
