import { readdirSync } from 'node:fs';
import path from 'node:path';
import { DOCUMENT_UPLOAD_MAX_FILES } from '@herd/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientMaker } from '../../../../test/client.js';
import { documentsOf, namesOf } from '../../../../test/documents.js';
import { signedInCast } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { PDF_BYTES, PNG_1X1 } from '../../../../test/multipart.js';

/** A small upload limit, so a file over it is cheap to make. */
const MAX_BYTES = 1024;
let t: TestApp;
const newClient = clientMaker(() => t.app, 8);

beforeAll(async () => {
  t = await createTestApp({ maxUploadBytes: MAX_BYTES });
});
afterAll(async () => t?.close());

const setup = async () => {
  const cast = await signedInCast(t.db, newClient);
  const pk = cast.clientUser.companyId;
  return { cast, firm: documentsOf(cast.admin, pk, 'accountant'), client: documentsOf(cast.client, pk, 'client') };
};
const pdf = (name: string) => ({ name, bytes: PDF_BYTES });
const storedObjects = () => {
  try {
    return readdirSync(path.join(t.app.deps.config.dataDir, 'files'), { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length;
  } catch {
    return 0;
  }
};

describe('an upload of several files', () => {
  it('keeps every file it can and lists each refused one with its reason: type, size, emptiness', async () => {
    const { firm } = await setup();
    const before = storedObjects();
    const up = await firm.upload([
      pdf('march.pdf'),
      { name: 'setup.exe', bytes: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 1)]) },
      { name: 'huge.pdf', bytes: Buffer.concat([PDF_BYTES, Buffer.alloc(MAX_BYTES, 32)]) },
      { name: 'blank.pdf', bytes: Buffer.alloc(0) },
      { name: 'photo.png', bytes: PNG_1X1 },
    ]);
    expect(up.statusCode).toBe(201);
    expect(up.json().results.map((item: { name: string }) => item.name)).toEqual(['march.pdf', 'photo.png']);
    expect(up.json().refused).toEqual([
      { index: 1, name: 'setup.exe', detail: expect.stringMatching(/^“setup.exe” is not a type Herd keeps\./) },
      { index: 2, name: 'huge.pdf', detail: '“huge.pdf” is larger than the 1 KB limit.' },
      { index: 3, name: 'blank.pdf', detail: '“blank.pdf” is empty.' },
    ]);
    expect(namesOf(await firm.list())).toEqual(expect.arrayContaining(['march.pdf', 'photo.png']));
    // Only what was kept is stored.
    expect(storedObjects()).toBe(before + 2);
  });

  it('refuses the upload with each reason when no file can be kept, storing nothing', async () => {
    const { firm } = await setup();
    const before = storedObjects();
    const up = await firm.upload([
      { name: 'a.pdf', bytes: Buffer.alloc(0) },
      { name: 'b.pdf', bytes: PNG_1X1 },
    ]);
    expect(up.statusCode).toBe(400);
    expect(up.json()).toEqual({
      detail: 'None of the 2 files was uploaded: “a.pdf” is empty.',
      refused: [
        { index: 0, name: 'a.pdf', detail: '“a.pdf” is empty.' },
        { index: 1, name: 'b.pdf', detail: expect.stringMatching(/^“b.pdf” is not a .pdf file/) },
      ],
    });
    expect(storedObjects()).toBe(before);
  });

  it(`takes at most ${DOCUMENT_UPLOAD_MAX_FILES} files a request, refusing more whole`, async () => {
    const { firm } = await setup();
    const many = Array.from({ length: DOCUMENT_UPLOAD_MAX_FILES + 1 }, (_, i) => pdf(`scan-${i + 1}.pdf`));
    const up = await firm.upload(many);
    expect(up.statusCode).toBe(400);
    expect(up.json()).toEqual({ file: [`At most ${DOCUMENT_UPLOAD_MAX_FILES} files can be uploaded at once.`] });
    expect(namesOf(await firm.list())).not.toContain('scan-1.pdf');
    expect((await firm.upload(many.slice(0, DOCUMENT_UPLOAD_MAX_FILES))).json().results).toHaveLength(DOCUMENT_UPLOAD_MAX_FILES);
  });

  it('keeps both of two files of one name, the second as “name (2)”', async () => {
    const { firm } = await setup();
    const up = await firm.upload([pdf('scan.pdf'), pdf('Scan.pdf'), pdf('scan.pdf')]);
    expect(up.json().results.map((item: { name: string }) => item.name)).toEqual(['scan.pdf', 'Scan (2).pdf', 'scan (3).pdf']);
  });

  it('stores a batch sent again with the same Idempotency-Key once, answering the repeat as the first time', async () => {
    const { firm, client } = await setup();
    const key = { 'idempotency-key': 'batch-1f2e3d4c' };
    const first = await firm.upload([pdf('w2.pdf'), pdf('1099.pdf')], undefined, key);
    expect(first.statusCode).toBe(201);
    const before = storedObjects();
    const again = await firm.upload([pdf('w2.pdf'), pdf('1099.pdf')], undefined, key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(namesOf(await firm.list()).filter((name) => name.startsWith('w2'))).toEqual(['w2.pdf']);
    expect(storedObjects()).toBe(before);
    // The key is the person's own: another person's batch under the same words is a batch of its own.
    expect((await client.upload([pdf('w2.pdf')], undefined, key)).json().results[0].name).toBe('w2 (2).pdf');
    // A batch refused whole keeps no answer: the same key, corrected, is uploaded.
    const refusedKey = { 'idempotency-key': 'batch-5a6b7c8d' };
    expect((await firm.upload([{ name: 'x.pdf', bytes: Buffer.alloc(0) }], undefined, refusedKey)).statusCode).toBe(400);
    expect((await firm.upload([pdf('x.pdf')], undefined, refusedKey)).statusCode).toBe(201);
  });

  it('tells the other side once of a choice sent as several uploads into one folder, and apart of another folder', async () => {
    const { cast, firm, client } = await setup();
    await client.upload(Array.from({ length: DOCUMENT_UPLOAD_MAX_FILES }, (_, i) => pdf(`page-${i + 1}.pdf`)));
    await client.upload([pdf('page-21.pdf'), pdf('page-22.pdf')]);
    const payroll = (await client.createFolder({ name: 'Payroll' })).json();
    await client.upload([pdf('w2.pdf')], payroll.pk);
    const added = (await cast.admin.get('notifications/list/')).json().results.filter((n: { kind: string }) => n.kind === 'DOCUMENTS_ADDED');
    expect(added.map((n: { title: string }) => n.title.replace(/^.* added/, 'added'))).toEqual(['added 1 file to “Payroll”', 'added 22 files to Documents']);
    // The firm's people are told under the same rule, with the company named.
    await firm.upload([pdf('a.pdf')]);
    await firm.upload([pdf('b.pdf')]);
    const theirs = (await cast.client.get('notifications/list/')).json().results.filter((n: { kind: string }) => n.kind === 'DOCUMENTS_ADDED');
    expect(theirs).toEqual([expect.objectContaining({ title: 'Your accountant added 2 files to Documents', text: expect.stringMatching(/^For /) })]);
  });

  it('answers 404 to another firm, whatever the files', async () => {
    const { cast } = await setup();
    const theirs = documentsOf(cast.otherFirmAdmin, cast.clientUser.companyId, 'accountant');
    expect((await theirs.upload([pdf('a.pdf')])).statusCode).toBe(404);
  });
});
