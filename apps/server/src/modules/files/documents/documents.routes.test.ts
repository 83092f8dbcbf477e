import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientMaker, type TestClient } from '../../../../test/client.js';
import { documentsOf, namesOf } from '../../../../test/documents.js';
import { signedInCast } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { PDF_BYTES, PNG_1X1 } from '../../../../test/multipart.js';

let t: TestApp;
const newClient = clientMaker(() => t.app, 8);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const setup = async () => {
  const cast = await signedInCast(t.db, newClient);
  const pk = cast.clientUser.companyId;
  return { cast, pk, firm: documentsOf(cast.admin, pk, 'accountant'), client: documentsOf(cast.client, pk, 'client') };
};
const bell = async (client: TestClient) =>
  (await client.get('notifications/list/')).json().results as { kind: string; title: string; target: { type: string; pk: number } }[];
const year = new Date().getUTCFullYear();

describe('documents', () => {
  it('starts with this year’s and last year’s folders and the three smart folders, on both sides', async () => {
    const { firm, client } = await setup();
    const top = await firm.list();
    expect(top.statusCode).toBe(200);
    expect(namesOf(top)).toEqual(['Receipts', 'Requests', 'Transactions', String(year - 1), String(year)]);
    expect(top.json()).toMatchObject({ count: 5, total: 5, path: [{ pk: null, name: 'Documents' }], folder: { pk: null, writable: true } });
    expect(namesOf(await client.list())).toEqual(['Receipts', 'Requests', 'Transactions', String(year - 1), String(year)]);
    // A year folder deleted stays deleted: it is given once.
    const yearFolder = top.json().results.find((item: { name: string }) => item.name === String(year));
    expect((await firm.remove([yearFolder.pk])).statusCode).toBe(200);
    expect(namesOf(await firm.list())).not.toContain(String(year));
  });

  it('a client uploads files into a new folder; the firm is told and downloads them', async () => {
    const { cast, firm, client } = await setup();
    const folder = await client.createFolder({ name: 'Bank statements' });
    expect(folder.statusCode).toBe(201);
    const up = await client.upload(
      [
        { name: 'march.pdf', bytes: PDF_BYTES },
        { name: 'april.png', bytes: PNG_1X1 },
      ],
      folder.json().pk,
    );
    expect(up.statusCode).toBe(201);
    expect(up.json().results.map((item: { name: string; content_type: string }) => [item.name, item.content_type])).toEqual([
      ['march.pdf', 'application/pdf'],
      ['april.png', 'image/png'],
    ]);
    const news = await bell(cast.admin);
    expect(news[0]).toMatchObject({
      kind: 'DOCUMENTS_ADDED',
      title: expect.stringMatching(/added 2 files to “Bank statements”$/),
      target: { type: 'DOCUMENT_FOLDER', pk: folder.json().pk },
    });
    expect((await bell(cast.client)).some((n) => n.kind === 'DOCUMENTS_ADDED')).toBe(false);
    const listed = await firm.list(`?folder=${folder.json().pk}`);
    expect(namesOf(listed)).toEqual(['april.png', 'march.pdf']);
    expect(listed.json().path.map((c: { name: string }) => c.name)).toEqual(['Documents', 'Bank statements']);
    const got = await firm.download(up.json().results[0].pk);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('application/pdf');
    expect(got.rawPayload.equals(PDF_BYTES)).toBe(true);
    // The firm's upload tells the client's people.
    await firm.upload([{ name: 'engagement.pdf', bytes: PDF_BYTES }]);
    expect((await bell(cast.client))[0]).toMatchObject({ kind: 'DOCUMENTS_ADDED', title: 'Your accountant added 1 file to Documents', target: { pk: 0 } });
  });

  it('keeps accountant-only folders from the client, whatever the way in', async () => {
    const { cast, firm, client } = await setup();
    const secret = (await firm.createFolder({ name: 'Working papers', accountant_only: true })).json();
    const inner = (await firm.createFolder({ name: 'Drafts', parent: secret.pk })).json();
    const file = (await firm.upload([{ name: 'draft.pdf', bytes: PDF_BYTES }], inner.pk)).json().results[0];
    expect((await bell(cast.client)).some((n) => n.kind === 'DOCUMENTS_ADDED')).toBe(false);
    expect(namesOf(await client.list())).not.toContain('Working papers');
    expect((await client.list(`?folder=${secret.pk}`)).statusCode).toBe(404);
    expect((await client.list(`?folder=${inner.pk}`)).statusCode).toBe(404);
    expect((await client.download(file.pk)).statusCode).toBe(404);
    expect((await client.zip([secret.pk])).statusCode).toBe(404);
    expect((await client.folders()).json().map((f: { path: string }) => f.path)).toEqual([String(year - 1), String(year)]);
    expect((await firm.folders()).json().map((f: { path: string }) => f.path)).toContain('Working papers / Drafts');
    expect((await client.createFolder({ name: 'Mine', accountant_only: true })).statusCode).toBe(403);
    expect((await client.createFolder({ name: 'In there', parent: inner.pk })).statusCode).toBe(404);
  });

  it('lets the client change only what their company added', async () => {
    const { firm, client } = await setup();
    const theirs = (await firm.upload([{ name: 'tax return.pdf', bytes: PDF_BYTES }])).json().results[0];
    expect((await client.list()).json().results.find((i: { name: string }) => i.name === 'tax return.pdf')).toMatchObject({ read_only: true });
    expect((await client.update(theirs.pk, { name: 'mine.pdf' })).statusCode).toBe(403);
    expect((await client.remove([theirs.pk])).statusCode).toBe(403);
    const mine = (await client.upload([{ name: 'w2.pdf', bytes: PDF_BYTES }])).json().results[0];
    expect(mine.read_only).toBe(false);
    expect((await client.update(mine.pk, { name: 'W-2 2025.pdf' })).json()).toMatchObject({ name: 'W-2 2025.pdf' });
    // The firm changes anything.
    expect((await firm.update(mine.pk, { name: 'W-2.pdf' })).statusCode).toBe(200);
  });

  it('validates names: empty, a path, dots, and one already used (offering "name (2)")', async () => {
    const { firm } = await setup();
    expect((await firm.createFolder({ name: '   ' })).json()).toEqual({ name: ['Name is required.'] });
    expect((await firm.createFolder({ name: '../etc' })).json()).toEqual({ name: ['Name cannot contain / or \\.'] });
    expect((await firm.createFolder({ name: 'a\\b' })).json()).toEqual({ name: ['Name cannot contain / or \\.'] });
    expect((await firm.createFolder({ name: '..' })).json()).toEqual({ name: ['Name is not valid.'] });
    expect((await firm.createFolder({ name: 'Reports' })).statusCode).toBe(201);
    expect((await firm.createFolder({ name: 'reports' })).json()).toEqual({ name: ['“reports” is already used in this folder. Try “reports (2)”.'] });
    const file = (await firm.upload([{ name: 'scan.pdf', bytes: PDF_BYTES }])).json().results[0];
    // An upload never fails on a name: it takes the next free one.
    const again = await firm.upload([
      { name: 'scan.pdf', bytes: PDF_BYTES },
      { name: '../../scan.pdf', bytes: PDF_BYTES },
    ]);
    expect(again.json().results.map((i: { name: string }) => i.name)).toEqual(['scan (2).pdf', 'scan (3).pdf']);
    expect((await firm.update(file.pk, { name: 'Scan (2).PDF' })).json()).toEqual({ name: ['“Scan (2).PDF” is already used in this folder. Try “Scan (4).PDF”.'] });
    expect((await firm.update(file.pk, { name: 'SCAN.pdf' })).json()).toMatchObject({ name: 'SCAN.pdf' });
  });

  it('refuses a file whose contents are not what its name says, and types Herd does not keep', async () => {
    const { firm } = await setup();
    const liar = await firm.upload([{ name: 'invoice.pdf', bytes: PNG_1X1 }]);
    expect(liar.statusCode).toBe(400);
    const words = '“invoice.pdf” is not a .pdf file: its contents are of another type. Save it in its own format and upload it again.';
    expect(liar.json()).toEqual({ detail: words, refused: [{ index: 0, name: 'invoice.pdf', detail: words }] });
    const script = await firm.upload([{ name: 'notes.pdf', bytes: Buffer.from('<script>alert(1)</script>') }]);
    expect(script.statusCode).toBe(400);
    const exe = await firm.upload([
      { name: 'ok.pdf', bytes: PDF_BYTES },
      { name: 'setup.exe', bytes: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 1)]) },
    ]);
    // A refused file does not stop the others: the good one is kept, the other listed with its reason.
    expect(exe.statusCode).toBe(201);
    expect(exe.json().refused).toEqual([{ index: 1, name: 'setup.exe', detail: expect.stringMatching(/^“setup.exe” is not a type Herd keeps/) }]);
    expect(namesOf(await firm.list())).toContain('ok.pdf');
    expect(namesOf(await firm.list())).not.toContain('setup.exe');
  });

  it('moves items, refusing a folder into itself or its own subfolders and a name already there', async () => {
    const { firm } = await setup();
    const a = (await firm.createFolder({ name: 'A' })).json();
    const b = (await firm.createFolder({ name: 'B', parent: a.pk })).json();
    const file = (await firm.upload([{ name: 'x.pdf', bytes: PDF_BYTES }])).json().results[0];
    expect((await firm.move([a.pk], b.pk)).json()).toEqual({ parent: ['“A” cannot be moved into itself or into one of its own folders.'] });
    expect((await firm.move([a.pk], a.pk)).json()).toEqual({ parent: ['“A” cannot be moved into itself or into one of its own folders.'] });
    expect((await firm.move([file.pk], b.pk)).statusCode).toBe(200);
    expect(namesOf(await firm.list(`?folder=${b.pk}`))).toEqual(['x.pdf']);
    await firm.upload([{ name: 'x.pdf', bytes: PDF_BYTES }]);
    const top = (await firm.list()).json().results.find((i: { name: string; kind: string }) => i.name === 'x.pdf');
    expect((await firm.move([top.pk], b.pk)).json()).toEqual({ parent: ['The folder already holds an item named “x.pdf”. Rename one of them first.'] });
    expect((await firm.move([file.pk], null)).json()).toEqual({ parent: ['The folder already holds an item named “x.pdf”. Rename one of them first.'] });
  });

  it('deletes to the trash and restores with the deletion, in its place or at the top level', async () => {
    const { firm } = await setup();
    const folder = (await firm.createFolder({ name: 'Old' })).json();
    const file = (await firm.upload([{ name: 'a.pdf', bytes: PDF_BYTES }], folder.pk)).json().results[0];
    const gone = (await firm.remove([folder.pk])).json();
    expect(gone).toMatchObject({ count: 1, deletion: expect.any(String) });
    expect((await firm.list(`?folder=${folder.pk}`)).statusCode).toBe(404);
    expect((await firm.download(file.pk)).statusCode).toBe(404);
    await firm.createFolder({ name: 'Old' });
    const back = await firm.restore(gone.deletion);
    expect(back.json().results.map((i: { name: string }) => i.name)).toEqual(['Old (2)']);
    expect((await firm.download(file.pk)).statusCode).toBe(200);
    expect((await firm.restore(gone.deletion)).statusCode).toBe(404);
    expect((await firm.restore('not-a-uuid')).json()).toEqual({ deletion: ['Deletion is not valid.'] });
  });

  it('zips a folder with what it holds, streamed, under the folder’s paths', async () => {
    const { firm, client } = await setup();
    const folder = (await firm.createFolder({ name: 'Year end' })).json();
    const inner = (await firm.createFolder({ name: 'Payroll', parent: folder.pk })).json();
    const hidden = (await firm.createFolder({ name: 'Notes', parent: folder.pk, accountant_only: true })).json();
    await firm.upload([{ name: 'summary.pdf', bytes: PDF_BYTES }], folder.pk);
    await firm.upload([{ name: 'w2.png', bytes: PNG_1X1 }], inner.pk);
    await firm.upload([{ name: 'private.pdf', bytes: PDF_BYTES }], hidden.pk);
    const zip = await firm.zip([folder.pk]);
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.headers['content-length']).toBeUndefined();
    expect(zip.headers['content-disposition']).toContain('Year end.zip');
    for (const name of ['Year end/summary.pdf', 'Year end/Payroll/w2.png', 'Year end/Notes/private.pdf']) expect(zip.rawPayload.includes(Buffer.from(name))).toBe(true);
    expect(zip.rawPayload.includes(PDF_BYTES)).toBe(true);
    const theirs = await client.zip([folder.pk]);
    expect(theirs.rawPayload.includes(Buffer.from('Year end/Payroll/w2.png'))).toBe(true);
    expect(theirs.rawPayload.includes(Buffer.from('private.pdf'))).toBe(false);
    const empty = (await firm.createFolder({ name: 'Empty' })).json();
    expect((await firm.zip([empty.pk])).json()).toEqual({ detail: 'There are no files in what you selected.' });
  });

  it('answers 404 to another firm, an unassigned team member and another company’s items, 401 signed out', async () => {
    const { cast, pk, firm } = await setup();
    const other = await setup();
    const file = (await firm.upload([{ name: 'a.pdf', bytes: PDF_BYTES }])).json().results[0];
    expect((await documentsOf(cast.otherFirmAdmin, pk, 'accountant').list()).statusCode).toBe(404);
    expect((await documentsOf(cast.teamMember, pk, 'accountant').list()).statusCode).toBe(404);
    expect((await documentsOf(cast.anonymous, pk, 'accountant').list()).statusCode).toBe(401);
    expect((await documentsOf(cast.client, pk, 'accountant').list()).statusCode).toBe(403);
    expect((await documentsOf(other.cast.client, pk, 'client').list()).statusCode).toBe(404);
    // Naming this company's file under another company of the same person is 404 too.
    expect((await other.firm.download(file.pk)).statusCode).toBe(404);
    expect((await other.firm.move([file.pk], null)).statusCode).toBe(404);
    expect((await documentsOf(cast.admin, pk, 'accountant').list('?smart=NOPE')).json()).toEqual({ smart: ['Smart folder is not valid.'] });
  });
});
