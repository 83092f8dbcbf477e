import { readdirSync } from 'node:fs';
import path from 'node:path';
import { formatStorage } from '@herd/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientMaker } from '../../../../test/client.js';
import { documentsOf, namesOf } from '../../../../test/documents.js';
import { signedInCast } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { PDF_BYTES } from '../../../../test/multipart.js';

/** Room for three of the test PDFs, so a fourth is refused. */
const QUOTA = PDF_BYTES.length * 3;
let t: TestApp;
const newClient = clientMaker(() => t.app, 8);

beforeAll(async () => {
  t = await createTestApp({ storageQuotaBytes: QUOTA });
});
afterAll(async () => t?.close());

const setup = async () => {
  const cast = await signedInCast(t.db, newClient);
  const pk = cast.clientUser.companyId;
  return { cast, firm: documentsOf(cast.admin, pk, 'accountant'), client: documentsOf(cast.client, pk, 'client') };
};
/** How many objects the storage holds (local disk under DATA_DIR/files). */
const storedObjects = () => {
  const root = path.join(t.app.deps.config.dataDir, 'files');
  try {
    return readdirSync(root, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length;
  } catch {
    return 0;
  }
};
const pdfs = (...names: string[]) => names.map((name) => ({ name, bytes: PDF_BYTES }));

describe('the storage quota', () => {
  it('refuses each file that would take the firm past its limit, in words naming what is used and the limit, keeping the files that fit and nothing of the others', async () => {
    const { firm, client } = await setup();
    expect((await firm.upload(pdfs('a.pdf', 'b.pdf'))).statusCode).toBe(201);
    const before = storedObjects();
    // Room for one more: the first fits and is kept, the second is refused on its own.
    const partly = await firm.upload(pdfs('c.pdf', 'd.pdf'));
    expect(partly.statusCode).toBe(201);
    expect(partly.json().results.map((item: { name: string }) => item.name)).toEqual(['c.pdf']);
    const size = formatStorage(PDF_BYTES.length);
    expect(partly.json().refused).toEqual([
      {
        index: 1,
        name: 'd.pdf',
        detail: `“d.pdf” (${size}) would take the firm past its storage limit: ${formatStorage(QUOTA)} of ${formatStorage(QUOTA)} is used. Deleted documents count until they leave the trash, 30 days after they were deleted; the limit is set by whoever runs Herd for your firm.`,
      },
    ]);
    expect(namesOf(await firm.list())).not.toContain('d.pdf');
    expect(storedObjects()).toBe(before + 1);
    // Nothing fits: 413, the upload's words as a whole, and each file's beside them.
    const refused = await firm.upload(pdfs('e.pdf', 'f.pdf'));
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toEqual({
      detail: `This upload (${formatStorage(PDF_BYTES.length * 2)}) would take the firm past its storage limit: ${formatStorage(QUOTA)} of ${formatStorage(QUOTA)} is used. Nothing was uploaded. Deleted documents count until they leave the trash, 30 days after they were deleted; the limit is set by whoever runs Herd for your firm.`,
      refused: [
        { index: 0, name: 'e.pdf', detail: expect.stringMatching(/^“e.pdf” \(/) },
        { index: 1, name: 'f.pdf', detail: expect.stringMatching(/^“f.pdf” \(/) },
      ],
    });
    expect(storedObjects()).toBe(before + 1);
    // The client's people are told their accountant's storage is full, not the firm's figures.
    const theirs = await client.upload(pdfs('g.pdf', 'h.pdf'));
    expect(theirs.statusCode).toBe(413);
    expect(theirs.json().detail).toBe(
      `Your accountant’s file storage is full: this upload (${formatStorage(PDF_BYTES.length * 2)}) would take it past its limit. Nothing was uploaded. Let your accountant know, so they can make room.`,
    );
    expect(theirs.json().refused[0].detail).toBe(
      `Your accountant’s file storage is full: “g.pdf” (${size}) would take it past its limit. Let your accountant know, so they can make room.`,
    );
  });

  it('lets two uploads at once take only the room there is, and keeps no bytes of what neither could keep', async () => {
    const { firm } = await setup();
    const before = storedObjects();
    const answers = await Promise.all([firm.upload(pdfs('one.pdf', 'two.pdf')), firm.upload(pdfs('three.pdf', 'four.pdf'))]);
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201]);
    expect(answers.flatMap((a) => a.json().results)).toHaveLength(3);
    expect(answers.flatMap((a) => a.json().refused)).toHaveLength(1);
    expect(storedObjects()).toBe(before + 3);
  });

  it('tells the firm’s people what the firm uses and its limit; 403 to a client, 401 signed out, each firm its own', async () => {
    const { cast, firm } = await setup();
    await firm.upload(pdfs('a.pdf'));
    const usage = await cast.teamMember.get('accounting/accountant/firm-settings/storage/');
    expect(usage.statusCode).toBe(200);
    expect(usage.json()).toEqual({ used_bytes: PDF_BYTES.length, quota_bytes: QUOTA });
    expect((await cast.otherFirmAdmin.get('accounting/accountant/firm-settings/storage/')).json()).toEqual({ used_bytes: 0, quota_bytes: QUOTA });
    expect((await cast.client.get('accounting/accountant/firm-settings/storage/')).statusCode).toBe(403);
    expect((await cast.anonymous.get('accounting/accountant/firm-settings/storage/')).statusCode).toBe(401);
  });
});
