import { readdirSync } from 'node:fs';
import path from 'node:path';
import { formatStorage } from '@herd/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientMaker } from '../../../test/client.js';
import { documentsOf, namesOf } from '../../../test/documents.js';
import { signedInCast } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { PDF_BYTES } from '../../../test/multipart.js';

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
  it('refuses an upload that would take the firm past its limit, in words naming what is used and the limit, keeping nothing of it', async () => {
    const { firm, client } = await setup();
    expect((await firm.upload(pdfs('a.pdf', 'b.pdf'))).statusCode).toBe(201);
    const before = storedObjects();
    const refused = await firm.upload(pdfs('c.pdf', 'd.pdf'));
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toEqual({
      detail: `This upload (${formatStorage(PDF_BYTES.length * 2)}) would take the firm past its storage limit: ${formatStorage(PDF_BYTES.length * 2)} of ${formatStorage(QUOTA)} is used. Nothing was uploaded. Deleted documents count until they leave the trash, 30 days after they were deleted; the limit is set by whoever runs Herd for your firm.`,
    });
    expect(namesOf(await firm.list())).not.toContain('c.pdf');
    expect(storedObjects()).toBe(before);
    // The client's people are told their accountant's storage is full, not the firm's figures.
    const theirs = await client.upload(pdfs('e.pdf', 'f.pdf'));
    expect(theirs.statusCode).toBe(413);
    expect(theirs.json().detail).toBe(
      `Your accountant’s file storage is full: this upload (${formatStorage(PDF_BYTES.length * 2)}) would take it past its limit. Nothing was uploaded. Let your accountant know, so they can make room.`,
    );
    // What still fits is taken.
    expect((await client.upload(pdfs('g.pdf'))).statusCode).toBe(201);
  });

  it('lets only one of two uploads at once take the last room, and keeps no bytes of the other', async () => {
    const { firm } = await setup();
    const before = storedObjects();
    const answers = await Promise.all([firm.upload(pdfs('one.pdf', 'two.pdf')), firm.upload(pdfs('three.pdf', 'four.pdf'))]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 413]);
    expect(storedObjects()).toBe(before + 2);
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
