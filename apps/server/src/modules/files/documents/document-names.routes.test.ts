import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents } from '../../../db/schema/index.js';
import { clientMaker } from '../../../../test/client.js';
import { documentsOf, namesOf } from '../../../../test/documents.js';
import { signedInCast } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { PDF_BYTES } from '../../../../test/multipart.js';

let t: TestApp;
const newClient = clientMaker(() => t.app, 8);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const setup = async () => {
  const cast = await signedInCast(t.db, newClient);
  const pk = cast.clientUser.companyId;
  return { firm: documentsOf(cast.admin, pk, 'accountant'), client: documentsOf(cast.client, pk, 'client') };
};

/** "Café" typed as one code point (NFC) and as "e" with a combining acute accent (NFD). */
const CAFE = 'Caf\u00e9';
const CAFE_DECOMPOSED = 'Cafe\u0301';

describe('document names', () => {
  it('are one name whichever Unicode form they were typed in: the uniqueness rule and the search treat both alike', async () => {
    const { firm } = await setup();
    const folder = await firm.createFolder({ name: CAFE_DECOMPOSED });
    expect(folder.json().name).toBe(CAFE);
    expect((await firm.createFolder({ name: CAFE })).json()).toEqual({ name: [`“${CAFE}” is already used in this folder. Try “${CAFE} (2)”.`] });
    const other = (await firm.createFolder({ name: 'Receipts 2024' })).json();
    expect((await firm.update(other.pk, { name: 'CAFE\u0301' })).json()).toEqual({ name: ['“CAFÉ” is already used in this folder. Try “CAFÉ (2)”.'] });
    expect(namesOf(await firm.list(`?search=${encodeURIComponent('cafe\u0301')}`))).toEqual([CAFE]);
    // An upload named in the other form takes the next free name beside the one already there.
    await firm.upload([{ name: `${CAFE}.pdf`, bytes: PDF_BYTES }]);
    const again = await firm.upload([{ name: `${CAFE_DECOMPOSED}.pdf`, bytes: PDF_BYTES }]);
    expect(again.json().results.map((item: { name: string }) => item.name)).toEqual([`${CAFE} (2).pdf`]);
  });

  it('lose text-direction and invisible characters on create, rename and upload; control characters typed in are refused', async () => {
    const { firm, client } = await setup();
    // "invoice‮fdp.exe" would show as "invoiceexe.pdf": kept without the override, it reads as what it is.
    expect((await firm.createFolder({ name: 'invoice\u202efdp.exe' })).json()).toMatchObject({ name: 'invoicefdp.exe' });
    const hidden = ['\u202a', '\u202b', '\u202c', '\u202d', '\u2066', '\u2067', '\u2068', '\u2069', '\u200e', '\u200f', '\u200b', '\u200c', '\u200d', '\ufeff', '\u2060'];
    const made = await client.createFolder({ name: `Tax${hidden.join('')} forms` });
    expect(made.json()).toMatchObject({ name: 'Tax forms' });
    expect((await client.update(made.json().pk, { name: '\u200bW-2\u2066s\u2069' })).json()).toMatchObject({ name: 'W-2s' });
    expect((await firm.createFolder({ name: '\u200b\u202e\ufeff' })).json()).toEqual({ name: ['Name is required.'] });
    expect((await firm.createFolder({ name: 'tab\tname' })).json()).toEqual({ name: ['Name contains characters that are not allowed.'] });
    expect((await firm.createFolder({ name: 'next\u0085line' })).json()).toEqual({ name: ['Name contains characters that are not allowed.'] });
    const up = await client.upload([{ name: 'scan\u202egnp.pdf', bytes: PDF_BYTES }]);
    expect(up.json().results.map((item: { name: string }) => item.name)).toEqual(['scangnp.pdf']);
  });

  it('make zip entries safe: one form, no hidden characters, no path out of the folder, whatever a name kept from before holds', async () => {
    const { firm } = await setup();
    const outer = (await firm.createFolder({ name: 'Outer' })).json();
    const inner = (await firm.createFolder({ name: 'Inner', parent: outer.pk })).json();
    const file = (await firm.upload([{ name: 'w2.pdf', bytes: PDF_BYTES }], inner.pk)).json().results[0];
    // Names written before the rules (straight into the table): a dot-dot folder, a drive, a file with an override.
    await t.db.update(documents).set({ name: '..' }).where(eq(documents.pk, inner.pk));
    await t.db.update(documents).set({ name: 'C:' }).where(eq(documents.pk, outer.pk));
    await t.db
      .update(documents)
      .set({ name: `r\u202efdp.${CAFE_DECOMPOSED}` })
      .where(eq(documents.pk, file.pk));
    const zip = await firm.zip([outer.pk]);
    expect(zip.statusCode).toBe(200);
    expect(zip.rawPayload.includes(Buffer.from(`C_/_/rfdp.${CAFE}`))).toBe(true);
    expect(zip.rawPayload.includes(Buffer.from('../..'))).toBe(false);
    expect(zip.rawPayload.includes(Buffer.from('C:'))).toBe(false);
    expect(zip.rawPayload.includes(Buffer.from('\u202e'))).toBe(false);
  });
});
