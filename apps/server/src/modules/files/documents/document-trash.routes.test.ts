import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientMaker, type TestClient } from '../../../../test/client.js';
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
  return { cast, pk, firm: documentsOf(cast.admin, pk, 'accountant'), client: documentsOf(cast.client, pk, 'client'), asClient: documentsOf(cast.admin, pk, 'client') };
};
const trashOf = (client: TestClient, companyPk: number) => {
  const base = `accounting/accountant/client-company/${companyPk}/documents/trash`;
  return { list: (query = '') => client.get(`${base}/${query}`), restore: (pks: number[]) => client.post(`${base}/restore/`, { pks }) };
};

describe('deleting a folder from the client’s side', () => {
  it('refuses a client’s own folder that holds a file the firm added, and keeps everything in it', async () => {
    const { firm, client } = await setup();
    const folder = (await client.createFolder({ name: 'Bank statements' })).json();
    const mine = (await client.upload([{ name: 'march.pdf', bytes: PDF_BYTES }], folder.pk)).json().results[0];
    const theirs = (await firm.upload([{ name: 'engagement.pdf', bytes: PDF_BYTES }], folder.pk)).json().results[0];
    const refused = await client.remove([folder.pk]);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      detail: '“Bank statements” also holds files or folders your accountant added, so it cannot be deleted. You can delete what your company added inside it.',
    });
    expect(namesOf(await firm.list(`?folder=${folder.pk}`))).toEqual(['engagement.pdf', 'march.pdf']);
    expect((await firm.download(theirs.pk)).statusCode).toBe(200);
    // What the client added inside is theirs to delete; the folder then holds only the firm's file.
    expect((await client.remove([mine.pk])).statusCode).toBe(200);
    expect(namesOf(await client.list(`?folder=${folder.pk}`))).toEqual(['engagement.pdf']);
    // A folder deep inside counts the same.
    const outer = (await client.createFolder({ name: 'Outer' })).json();
    const inner = (await client.createFolder({ name: 'Inner', parent: outer.pk })).json();
    await firm.upload([{ name: 'deep.pdf', bytes: PDF_BYTES }], inner.pk);
    expect((await client.remove([outer.pk])).statusCode).toBe(403);
    expect(namesOf(await firm.list(`?folder=${inner.pk}`))).toEqual(['deep.pdf']);
  });

  it('refuses a folder holding an accountant-only folder the client cannot see, on the client’s side and in the firm’s view as the client', async () => {
    const { firm, client, asClient } = await setup();
    const folder = (await client.createFolder({ name: 'Payroll' })).json();
    const hidden = (await firm.createFolder({ name: 'Working papers', parent: folder.pk, accountant_only: true })).json();
    const secret = (await firm.upload([{ name: 'notes.pdf', bytes: PDF_BYTES }], hidden.pk)).json().results[0];
    expect(namesOf(await client.list(`?folder=${folder.pk}`))).toEqual([]);
    const refused = await client.remove([folder.pk]);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toMatch(/^“Payroll” also holds files or folders your accountant added/);
    const viewing = await asClient.remove([folder.pk]);
    expect(viewing.statusCode).toBe(403);
    expect(viewing.json()).toEqual({
      detail: '“Payroll” holds an accountant-only folder, which the client’s view does not show, so it cannot be deleted here. Delete it from the firm’s view.',
    });
    expect(namesOf(await firm.list(`?folder=${folder.pk}`))).toEqual(['Working papers']);
    expect((await firm.download(secret.pk)).statusCode).toBe(200);
    // The firm, which sees everything in it, deletes the folder whole.
    expect((await firm.remove([folder.pk])).statusCode).toBe(200);
  });

  it('still deletes a client’s folder that holds only what their company added, and a firm user in the firm’s view deletes anything', async () => {
    const { firm, client } = await setup();
    const folder = (await client.createFolder({ name: 'Receipts 2025' })).json();
    await client.createFolder({ name: 'March', parent: folder.pk });
    await client.upload([{ name: 'a.pdf', bytes: PDF_BYTES }], folder.pk);
    expect((await client.remove([folder.pk])).json()).toMatchObject({ count: 1 });
    const shared = (await client.createFolder({ name: 'Shared' })).json();
    await firm.upload([{ name: 'firm.pdf', bytes: PDF_BYTES }], shared.pk);
    expect((await firm.remove([shared.pk])).statusCode).toBe(200);
  });
});

describe('the firm’s trash of a company', () => {
  it('lists what anyone deleted, newest first, with who and when, and puts an item back with what it held', async () => {
    const { pk, firm, client, cast } = await setup();
    const folder = (await firm.createFolder({ name: 'Year end' })).json();
    const held = (await firm.upload([{ name: 'summary.pdf', bytes: PDF_BYTES }], folder.pk)).json().results[0];
    const theirs = (await client.upload([{ name: 'w2.pdf', bytes: PDF_BYTES }], folder.pk)).json().results[0];
    expect((await client.remove([theirs.pk])).statusCode).toBe(200);
    expect((await firm.remove([folder.pk])).statusCode).toBe(200);
    const trash = trashOf(cast.admin, pk);
    const listed = await trash.list();
    expect(listed.statusCode).toBe(200);
    const body = listed.json();
    expect(body).toMatchObject({ count: 2, next: null });
    expect(body.results).toEqual([
      expect.objectContaining({ pk: folder.pk, kind: 'FOLDER', name: 'Year end', was_in: null, deleted_by: 'Ada Admin', deleted_by_client: false }),
      expect.objectContaining({ pk: theirs.pk, kind: 'FILE', name: 'w2.pdf', was_in: 'Year end', deleted_by: 'Cleo Client', deleted_by_client: true }),
    ]);
    const when = Date.parse(body.results[0].deleted_at);
    expect(Math.abs(when - Date.now())).toBeLessThan(60_000);
    expect(Date.parse(body.results[0].purge_at) - when).toBe(30 * 24 * 60 * 60 * 1000);
    expect((await trash.list('?page_size=1')).json()).toMatchObject({ count: 2, next: expect.stringContaining('page=2'), results: [{ pk: folder.pk }] });
    // Putting the client's file back while its folder is still in the trash brings it to the top level.
    const back = await trash.restore([theirs.pk]);
    expect(back.statusCode).toBe(200);
    expect(back.json().results).toEqual([expect.objectContaining({ pk: theirs.pk, name: 'w2.pdf' })]);
    expect(namesOf(await firm.list())).toContain('w2.pdf');
    expect((await trash.restore([folder.pk])).json().results).toEqual([expect.objectContaining({ pk: folder.pk, name: 'Year end' })]);
    expect((await firm.download(held.pk)).statusCode).toBe(200);
    expect((await trash.list()).json()).toMatchObject({ count: 0, results: [] });
    expect((await trash.restore([folder.pk])).json()).toEqual({ detail: 'Not in the trash: it was restored already or removed for good.' });
  });

  it('answers 404 to another firm, an unassigned team member and another company’s items; the client’s people have no trash view', async () => {
    const { pk, firm, cast } = await setup();
    const other = await setup();
    const file = (await firm.upload([{ name: 'a.pdf', bytes: PDF_BYTES }])).json().results[0];
    await firm.remove([file.pk]);
    expect((await trashOf(cast.otherFirmAdmin, pk).list()).statusCode).toBe(404);
    expect((await trashOf(cast.otherFirmAdmin, pk).restore([file.pk])).statusCode).toBe(404);
    expect((await trashOf(cast.teamMember, pk).list()).statusCode).toBe(404);
    expect((await trashOf(cast.client, pk).list()).statusCode).toBe(403);
    expect((await trashOf(cast.anonymous, pk).list()).statusCode).toBe(401);
    // This company's item named under another company the same person sees is not in that company's trash.
    expect((await trashOf(other.cast.admin, other.pk).restore([file.pk])).statusCode).toBe(404);
    expect((await trashOf(other.cast.admin, other.pk).list()).json()).toMatchObject({ count: 0 });
    expect((await trashOf(cast.admin, pk).restore([])).json()).toEqual({ pks: ['Items must have at least 1 item.'] });
    expect((await trashOf(cast.admin, pk).list()).json()).toMatchObject({ count: 1 });
  });
});
