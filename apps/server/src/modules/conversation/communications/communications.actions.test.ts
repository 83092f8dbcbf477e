import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, communications, communicationW9s } from '../../../db/schema/index.js';
import { createSecretBox } from '../../../lib/secret-box.js';
import { clientMaker, type TestClient } from '../../../../test/client.js';
import { accPath as acc, checklist, cliPath as cli, createCommunication, pksOf, uploadFile } from '../../../../test/communications.js';
import { signedInCast } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { PNG_1X1 } from '../../../../test/multipart.js';
import { todayIn } from '../../../lib/calendar-days.js';

let t: TestApp;
const newClient = clientMaker(() => t.app, 95);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const answer = (client: TestClient, pk: number, change: Record<string, unknown>) => client.patch(cli(pk, 'update/'), { communications: [change] });
const w9Form = { legal_name: 'Maple Joinery LLC', tax_classification: 'LLC_S', address_line: '12 Elm St', city: 'Portland', state: 'OR', postal_code: '97201' };

describe('answering communications, and the moves between statuses', () => {
  it('a request: answers item by item, a required item cannot be empty, files are checked; complete answers wait on the accountant', async () => {
    const cast = await signedInCast(t.db, newClient);
    const pk = cast.clientUser.companyId;
    const req = await createCommunication(cast.admin, pk, checklist);
    const [filesItem, textItem, optional] = req.items.map((i) => i.pk);
    const at = (change: Record<string, unknown>) => answer(cast.client, pk, { pk: req.pk, ...change });

    expect((await at({ answers: [{ item: textItem, text: '   ' }] })).json()).toEqual({ 'communications.0.answers.0.text': ['“Anything unusual?” needs an answer.'] });
    expect((await at({ answers: [{ item: filesItem, files: [] }] })).json()).toEqual({ 'communications.0.answers.0.files': ['“Bank statement” needs an answer.'] });
    expect((await at({ answers: [{ item: textItem, files: [1] }] })).json()).toEqual({ 'communications.0.answers.0.files': ['This item asks for text.'] });
    expect((await at({ answers: [{ item: 2_000_000, text: 'x' }] })).json()).toEqual({ 'communications.0.answers.0.item': ['Item is not valid.'] });
    expect((await at({ acknowledge: true })).json()).toEqual({ 'communications.0.acknowledge': ['A request does not take this.'] });
    const lying = await uploadFile(cast.client, pk, 'statement.pdf', PNG_1X1);
    expect((await at({ answers: [{ item: filesItem, files: [lying] }] })).json()).toEqual({
      'communications.0.answers.0.files': ['statement.pdf is not what its name says: its contents are not a .pdf file.'],
    });
    const notMine = await uploadFile(cast.admin, pk);
    expect((await at({ answers: [{ item: filesItem, files: [notMine] }] })).json()).toEqual({ 'communications.0.answers.0.files': ['File is not valid.'] });

    // Part of the answers: kept, and the request still waits on the client.
    const partial = (await at({ answers: [{ item: textItem, text: 'A new van in March' }] })).json()[0];
    expect(partial.status).toBe('PROCESSING');
    expect(partial.items[1]).toMatchObject({ answer_text: 'A new van in March' });
    const statement = await uploadFile(cast.client, pk);
    const done = (await at({ answers: [{ item: filesItem, files: [statement] }] })).json()[0];
    expect(done.status).toBe('READY');
    expect(done.items[0].answer_files.map((f: { pk: number }) => f.pk)).toEqual([statement]);
    expect(done.items[2].answered_at).toBeNull();
    expect((await cast.admin.get(`storage/file/retrieve/${statement}/`)).statusCode).toBe(200);
    // Answered: it waits on the accountant, and the client cannot answer again until it is sent back.
    expect((await at({ answers: [{ item: optional, text: 'x' }] })).json()).toEqual({
      detail: 'Answering it is not possible: “November close” waits on the accountant.',
    });

    expect((await cast.admin.post(acc(pk, 'back/'), { pks: [req.pk], message: 'The statement is for October; we need November.' })).statusCode).toBe(204);
    const thread = (await cast.client.get(`accounting/notes/communication/${req.pk}/note/list/`)).json();
    expect(thread.map((n: { body: string }) => n.body)).toEqual(['The statement is for October; we need November.']);
    const again = (
      await at({
        answers: [
          { item: filesItem, files: [statement] },
          { item: optional, text: 'Sorry!' },
        ],
      })
    ).json()[0];
    expect(again.status).toBe('READY');
    const accepted = await cast.admin.patch(acc(pk, 'update/'), { communications: [{ pk: req.pk, action: 'accept' }] });
    expect(accepted.json()[0].status).toBe('FINISHED_IN_HERD');
    expect((await at({ answers: [{ item: optional, text: 'x' }] })).json()).toEqual({ detail: 'Answering it is not possible: “November close” is finished.' });
    expect((await cast.admin.post(acc(pk, 'back/'), { pks: [req.pk] })).json()).toEqual({
      detail: 'Sending it back to the client is not possible: “November close” is finished.',
    });
    const reopened = await cast.admin.patch(acc(pk, 'update/'), { communications: [{ pk: req.pk, action: 'reopen' }] });
    expect(reopened.json()[0].status).toBe('PROCESSING');

    const audit = await t.db.select().from(auditLog).where(eq(auditLog.targetPk, req.pk));
    const moves = audit.filter((a) => a.targetType === 'communication' && (a.details as { to?: string }).to).map((a) => (a.details as { to: string }).to);
    expect(moves).toEqual(['READY', 'PROCESSING', 'READY', 'FINISHED_IN_HERD', 'PROCESSING']);
  });

  it('a report is acknowledged (done, or waiting on the accountant with a question); a notice is done when acknowledged', async () => {
    const cast = await signedInCast(t.db, newClient);
    const pk = cast.clientUser.companyId;
    const plain = await createCommunication(cast.admin, pk, { kind: 'REPORT', subject: 'Q3 report' });
    const asked = await createCommunication(cast.admin, pk, { kind: 'REPORT', subject: 'Q4 report' });
    const notice = await createCommunication(cast.admin, pk, { kind: 'NOTICE', subject: 'New portal' });
    expect((await answer(cast.client, pk, { pk: plain.pk })).json()).toEqual({ 'communications.0.acknowledge': ['Acknowledge is required.'] });
    expect((await answer(cast.client, pk, { pk: plain.pk, acknowledge: true })).json()[0]).toMatchObject({ status: 'FINISHED_IN_HERD', question: '' });
    const withQuestion = (await answer(cast.client, pk, { pk: asked.pk, acknowledge: true, question: 'Why did rent go up?' })).json()[0];
    expect(withQuestion).toMatchObject({ status: 'READY', question: 'Why did rent go up?' });
    expect(withQuestion.acknowledged_at).not.toBeNull();
    expect((await answer(cast.client, pk, { pk: notice.pk, acknowledge: true, question: 'x' })).json()).toEqual({
      'communications.0.question': ['A notice does not take this.'],
    });
    expect((await answer(cast.client, pk, { pk: notice.pk, acknowledge: true })).json()[0].status).toBe('FINISHED_IN_HERD');
    expect(pksOf(await cast.client.get(cli(pk, 'completed-list/'))).sort()).toEqual([plain.pk, notice.pk].sort());
  });

  it('the accountant edits words and due date (never into the past); a batch with one refused move writes nothing', async () => {
    const cast = await signedInCast(t.db, newClient);
    const pk = cast.clientUser.companyId;
    const a = await createCommunication(cast.admin, pk, { kind: 'NOTICE', subject: 'Draft' });
    const b = await createCommunication(cast.admin, pk, { kind: 'NOTICE', subject: 'Other' });
    const edited = await cast.admin.patch(acc(pk, 'update/'), { communications: [{ pk: a.pk, subject: 'Office closed', due_date: null }] });
    expect(edited.json()[0].subject).toBe('Office closed');
    expect((await cast.admin.patch(acc(pk, 'update/'), { communications: [{ pk: a.pk, due_date: '2020-01-01' }] })).json()).toEqual({
      'communications.0.due_date': ['Due date cannot be in the past.'],
    });
    const mixed = await cast.admin.patch(acc(pk, 'update/'), {
      communications: [
        { pk: a.pk, action: 'cancel' },
        { pk: b.pk, action: 'reopen' },
      ],
    });
    expect(mixed.json()).toEqual({ detail: 'Reopening it is not possible: “Other” waits on the client.' });
    expect(pksOf(await cast.admin.get(acc(pk, 'list/'))).sort()).toEqual([a.pk, b.pk].sort());
    expect((await cast.admin.patch(acc(pk, 'update/'), { communications: [{ pk: a.pk, action: 'finish' }] })).json()).toEqual({
      'communications.0.action': ['Action is not valid.'],
    });
    expect((await cast.client.patch(acc(pk, 'update/'), { communications: [{ pk: a.pk, action: 'cancel' }] })).statusCode).toBe(403);
  });

  it('a sync error is cleared back to where the communication stood; clearing one without an error is refused', async () => {
    const cast = await signedInCast(t.db, newClient);
    const pk = cast.clientUser.companyId;
    const c = await createCommunication(cast.admin, pk, { kind: 'REPORT', subject: 'Annual report' });
    // A sync refusing it (no sync of communications exists yet: the row is set as one would set it).
    await t.db.update(communications).set({ status: 'SYNC_ERROR', statusBeforeError: 'PROCESSING', syncError: 'Refused' }).where(eq(communications.pk, c.pk));
    expect((await cast.admin.get(acc(pk, 'counters/'))).json()).toMatchObject({ sync_errors: 1 });
    expect((await answer(cast.client, pk, { pk: c.pk, acknowledge: true })).json()).toEqual({
      detail: 'Answering it is not possible: “Annual report” has a sync error to clear first.',
    });
    expect((await cast.admin.post(acc(pk, 'errors/clear/'), { pks: [c.pk] })).statusCode).toBe(204);
    const [row] = await t.db.select().from(communications).where(eq(communications.pk, c.pk));
    expect([row!.status, row!.statusBeforeError, row!.syncError]).toEqual(['PROCESSING', null, null]);
    expect((await cast.admin.post(acc(pk, 'errors/clear/'), { pks: [c.pk] })).json()).toEqual({
      detail: 'Clearing a sync error is not possible: “Annual report” waits on the client.',
    });
  });
});

describe('W-9', () => {
  it('the TIN is validated, stored sealed (never in plain text), masked in every answer, revealed only to staff with an audit entry each time', async () => {
    const cast = await signedInCast(t.db, newClient);
    const pk = cast.clientUser.companyId;
    const w9 = await createCommunication(cast.admin, pk, { kind: 'W9', subject: 'W-9 for Maple Joinery', w9_vendor: 'Maple Joinery' });
    const send = (form: Record<string, unknown>) => answer(cast.client, pk, { pk: w9.pk, w9: { ...w9Form, ...form } });
    expect((await send({ tin_kind: 'EIN', tin: '123-45-6789' })).json()).toEqual({ 'communications.0.w9.tin': ['TIN is not a valid EIN (write it as 12-3456789).'] });
    expect((await send({ tin_kind: 'SSN', tin: '12-3456789' })).json()).toEqual({ 'communications.0.w9.tin': ['TIN is not a valid SSN (write it as 123-45-6789).'] });
    expect((await send({ tin_kind: 'SSN', tin: '000-12-3456' })).json()).toEqual({ 'communications.0.w9.tin': ['TIN is not a valid SSN (write it as 123-45-6789).'] });
    expect((await send({ tin_kind: 'SSN', tin: '1234' })).json()).toEqual({ 'communications.0.w9.tin': ['TIN is not a valid SSN (write it as 123-45-6789).'] });
    expect((await send({ tin_kind: 'EIN', tin: '987654321', legal_name: '' })).json()).toEqual({ 'communications.0.w9.legal_name': ['Legal name is required.'] });
    expect((await answer(cast.client, pk, { pk: w9.pk })).json()).toEqual({ 'communications.0.w9': ['Fill in the W-9, or upload the signed form: one of the two.'] });

    const sent = (await send({ tin_kind: 'EIN', tin: '987654321' })).json()[0];
    expect(sent.status).toBe('READY');
    expect(sent.w9).toMatchObject({ legal_name: 'Maple Joinery LLC', tax_classification: 'LLC_S', tin_kind: 'EIN', tin_masked: '**-***4321', signed_form: null });

    const [row] = await t.db.select().from(communicationW9s).where(eq(communicationW9s.communicationId, w9.pk));
    expect(JSON.stringify(row)).not.toContain('987654321');
    expect(JSON.stringify(row)).not.toContain('98-7654321');
    expect(createSecretBox(t.app.deps.config.secretKey).open(row!.tinEnc!)).toBe('987654321');

    for (const res of [await cast.admin.get(acc(pk, 'list/')), await cast.client.get(cli(pk, 'list/'))]) {
      expect(res.body).not.toContain('7654321');
      expect(res.json().results[0].w9.tin_masked).toBe('**-***4321');
    }
    const reveal = `accounting/communication/${w9.pk}/w9/tin/`;
    const revealed = await cast.admin.get(reveal);
    expect(revealed.json()).toEqual({ communication: w9.pk, tin_kind: 'EIN', tin: '98-7654321' });
    expect(revealed.headers['cache-control']).toBe('no-store');
    expect((await cast.teamMember.get(reveal)).statusCode).toBe(404); // not assigned to the company
    expect((await cast.client.get(reveal)).statusCode).toBe(403);
    expect((await cast.otherFirmAdmin.get(reveal)).statusCode).toBe(404);
    await cast.admin.get(reveal);
    const reveals = (await t.db.select().from(auditLog).where(eq(auditLog.targetPk, w9.pk))).filter((a) => a.action === 'communication.w9_reveal');
    expect(reveals.map((a) => a.details)).toEqual([{ tin_kind: 'EIN' }, { tin_kind: 'EIN' }]);
    expect(JSON.stringify(reveals)).not.toContain('7654321');
  });

  it('a signed form instead of the fields; an SSN is masked as ***-**-6789', async () => {
    const cast = await signedInCast(t.db, newClient);
    const pk = cast.clientUser.companyId;
    const byForm = await createCommunication(cast.admin, pk, { kind: 'W9', subject: 'W-9 for Ana', w9_vendor: 'Ana Ruiz' });
    const signed = await uploadFile(cast.client, pk, 'w9-signed.pdf');
    const both = await answer(cast.client, pk, { pk: byForm.pk, w9_signed_form: signed, w9: { ...w9Form, tin_kind: 'SSN', tin: '123-45-6789' } });
    expect(both.json()).toEqual({ 'communications.0.w9': ['Fill in the W-9, or upload the signed form: one of the two.'] });
    const sent = (await answer(cast.client, pk, { pk: byForm.pk, w9_signed_form: signed })).json()[0];
    expect(sent.w9).toMatchObject({ tin_masked: null, signed_form: { pk: signed } });
    expect((await cast.admin.get(`accounting/communication/${byForm.pk}/w9/tin/`)).json()).toEqual({ detail: 'This communication holds no typed W-9 TIN.' });

    const typed = await createCommunication(cast.admin, pk, { kind: 'W9', subject: 'W-9 for Ben', w9_vendor: 'Ben Ode' });
    const answered = (await answer(cast.client, pk, { pk: typed.pk, w9: { ...w9Form, tax_classification: 'INDIVIDUAL', tin_kind: 'SSN', tin: '123456789' } })).json()[0];
    expect(answered.w9.tin_masked).toBe('***-**-6789');
  });
});

describe('due dates are days of the firm', () => {
  it('"in the past" is the firm’s yesterday, in its time zone', async () => {
    // Kiritimati (UTC+14) and Honolulu (UTC−10) never share a date: the islands are always a day apart.
    const honoluluToday = todayIn('Pacific/Honolulu', new Date());
    const cast = await signedInCast(t.db, newClient);
    const pk = cast.clientUser.companyId;
    const create = () => cast.admin.post('accounting/communication/create/', { client_company: pk, kind: 'NOTICE', subject: 'Office closed', due_date: honoluluToday });
    const setZone = async (time_zone: string) => expect((await cast.admin.patch('accounting/accountant/firm-settings/update/', { time_zone })).statusCode).toBe(200);

    await setZone('Pacific/Kiritimati');
    expect((await create()).json()).toEqual({ due_date: ['Due date cannot be in the past.'] });
    await setZone('Pacific/Honolulu');
    expect((await create()).statusCode).toBe(201);
  });
});
