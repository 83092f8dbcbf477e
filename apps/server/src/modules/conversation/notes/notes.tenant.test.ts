import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notes } from '../../../db/schema/index.js';
import { clientMaker } from '../../../../test/client.js';
import { createClientUser, createFirm, signedInCast } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { findNote, listNotes, updateNoteBody } from './notes.queries.js';
import { insertNotes } from '../../../kernel/thread-notes.queries.js';

let t: TestApp;
const newClient = clientMaker(() => t.app, 60);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const bodyOf = async (pk: number) => (await t.db.select({ body: notes.body }).from(notes).where(eq(notes.pk, pk)))[0]?.body;

describe('notes are read and written within their firm', () => {
  it('a note filed under another firm never shows in this firm’s thread and cannot be edited through it', async () => {
    const cast = await signedInCast(t.db, newClient);
    const pk = cast.clientUser.companyId;
    await cast.admin.post(`accounting/notes/client-company/${pk}/note/create/`, { body: 'Ours' });
    // A stray row: another firm's note pointing at this company's thread, by this firm's admin.
    const [stray] = await insertNotes(t.db, [
      { firmId: cast.outsider.firmId, targetType: 'CLIENT_COMPANY', targetPk: pk, authorId: cast.firm.adminId, senderKind: 'ACCOUNTANT', body: 'Theirs' },
    ]);
    for (const client of [cast.admin, cast.client]) {
      const thread = (await client.get(`accounting/notes/client-company/${pk}/note/list/`)).json() as { body: string }[];
      expect(thread.map((n) => n.body)).toEqual(['Ours']);
    }
    const edit = await cast.admin.patch(`accounting/notes/client-company/note/update/${stray!.pk}/`, { body: 'Changed' });
    expect(edit.statusCode).toBe(404);
    expect(await bodyOf(stray!.pk)).toBe('Theirs');
  });

  it('findNote, listNotes and updateNoteBody with another firm’s id read and change nothing', async () => {
    const firm = await createFirm(t.db);
    const other = await createFirm(t.db);
    const { companyId } = await createClientUser(t.db, firm.firmId);
    const [note] = await insertNotes(t.db, [
      {
        firmId: firm.firmId,
        clientCompanyId: companyId,
        targetType: 'CLIENT_COMPANY',
        targetPk: companyId,
        authorId: firm.adminId,
        senderKind: 'ACCOUNTANT',
        body: 'Hello',
      },
    ]);
    expect(await findNote(t.db, other.firmId, note!.pk)).toBeNull();
    expect(await listNotes(t.db, other.firmId, 'CLIENT_COMPANY', companyId)).toEqual([]);
    expect(await updateNoteBody(t.db, other.firmId, note!.pk, 'Overwritten')).toBeNull();
    expect(await bodyOf(note!.pk)).toBe('Hello');
    // The owning firm still reads and edits it.
    expect((await findNote(t.db, firm.firmId, note!.pk))?.body).toBe('Hello');
    expect((await listNotes(t.db, firm.firmId, 'CLIENT_COMPANY', companyId)).map((r) => r.note.pk)).toEqual([note!.pk]);
    expect((await updateNoteBody(t.db, firm.firmId, note!.pk, 'Edited'))?.body).toBe('Edited');
  });
});
