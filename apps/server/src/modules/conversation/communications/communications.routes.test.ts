import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientMaker } from '../../../../test/client.js';
import { accPath as acc, checklist, cliPath as cli, createCommunication, dayFromToday, pksOf, uploadFile } from '../../../../test/communications.js';
import { createClientUser, signedInCast, signIn } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { PNG_1X1 } from '../../../../test/multipart.js';

let t: TestApp;
const newClient = clientMaker(() => t.app, 94);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('communications: create, lists, counters, permissions', () => {
  it('the accountant writes a request with a file; both sides list it, the client sees the file, counters and open work count it', async () => {
    const cast = await signedInCast(t.db, newClient);
    const pk = cast.clientUser.companyId;
    const file = await uploadFile(cast.admin, pk);
    const res = await cast.admin.post('accounting/communication/create/', { client_company: pk, ...checklist, attachments: [file], due_date: dayFromToday(7) });
    expect(res.statusCode).toBe(201);
    const made = res.json();
    expect(made).toMatchObject({ kind: 'REQUEST', sender: 'ACCOUNTANT', status: 'PROCESSING', due_date: dayFromToday(7), overdue: false, w9: null });
    expect(made.items.map((i: { label: string; required: boolean }) => [i.label, i.required])).toEqual([
      ['Bank statement', true],
      ['Anything unusual?', true],
      ['Notes for us', false],
    ]);
    expect(made.attachments.map((f: { pk: number }) => f.pk)).toEqual([file]);

    expect(pksOf(await cast.client.get(cli(pk, 'list/')))).toEqual([made.pk]);
    expect(pksOf(await cast.admin.get(acc(pk, 'list/')))).toEqual([made.pk]);
    expect(pksOf(await cast.admin.get(acc(pk, 'list/?kind=NOTICE')))).toEqual([]);
    expect(pksOf(await cast.admin.get(acc(pk, 'list/?search=november')))).toEqual([made.pk]);
    expect((await cast.client.get(`storage/file/retrieve/${file}/`)).statusCode).toBe(200);
    expect((await cast.admin.get(acc(pk, 'counters/'))).json()).toEqual({
      active: 1,
      completed: 0,
      hidden: 0,
      waiting_on_client: 1,
      waiting_on_accountant: 0,
      overdue: 0,
      sync_errors: 0,
    });
    // The client's `hidden` is only what their own side hid, never what the firm hid (communications.client-actions.test.ts).
    expect((await cast.client.get(cli(pk, 'counters/'))).json()).toMatchObject({ hidden: 0 });
    // The client's company counters (their dashboard) count the requests waiting on them.
    expect((await cast.client.get(`accounting/client/company/${pk}/counters/`)).json()).toMatchObject({ open_requests: 1 });
    const counts = (await cast.admin.get('accounting/accountant/client-companies/transactions/count/')).json();
    expect(counts.find((c: { client_company: number }) => c.client_company === pk)).toMatchObject({ open_requests: 1, open_receipts: 0 });
  });

  it('a list page carries each row’s company, author, files and notes count, and the whole list’s count on every page', async () => {
    const cast = await signedInCast(t.db, newClient);
    const pk = cast.clientUser.companyId;
    const file = await uploadFile(cast.admin, pk);
    const first = await createCommunication(cast.admin, pk, { ...checklist, attachments: [file] });
    await createCommunication(cast.admin, pk, { kind: 'NOTICE', subject: 'Office closed' });
    await createCommunication(cast.admin, pk, { kind: 'NOTICE', subject: 'New portal' });
    await cast.client.post(`accounting/notes/communication/${first.pk}/note/create/`, { body: 'Statement coming Monday.' });
    await cast.admin.post(`accounting/notes/communication/${first.pk}/note/create/`, { body: 'Thanks!' });

    const page1 = (await cast.admin.get(acc(pk, 'list/?ordering=created_at&page_size=2'))).json();
    expect(page1.count).toBe(3);
    expect(page1.results.map((r: { subject: string }) => r.subject)).toEqual(['November close', 'Office closed']);
    const [request, notice] = page1.results;
    expect(request).toMatchObject({ client_company: { pk }, notes_count: 2, author: { pk: expect.any(Number) } });
    expect(request.client_company.name).not.toBe('');
    expect(request.author.name).not.toBe('');
    expect(request.attachments).toEqual([
      {
        pk: file,
        name: 'statement.pdf',
        content_type: 'application/pdf',
        size: expect.any(Number),
        url: expect.stringContaining(`/${file}/`),
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      },
    ]);
    expect(request.items.map((i: { label: string; answered_at: null }) => [i.label, i.answered_at])).toEqual([
      ['Bank statement', null],
      ['Anything unusual?', null],
      ['Notes for us', null],
    ]);
    expect(notice).toMatchObject({ notes_count: 0, attachments: [], items: [], w9: null });

    const page2 = (await cast.admin.get(acc(pk, 'list/?ordering=created_at&page_size=2&page=2'))).json();
    expect([page2.count, page2.results.map((r: { subject: string }) => r.subject)]).toEqual([3, ['New portal']]);
    // A page past the end has no rows, and still says how many the list holds.
    const beyond = await cast.admin.get(acc(pk, 'list/?ordering=created_at&page_size=2&page=5'));
    expect([beyond.statusCode, beyond.json().count, beyond.json().results]).toEqual([200, 3, []]);
    expect((await cast.admin.get(acc(pk, 'list/?kind=W9'))).json()).toMatchObject({ count: 0, results: [] });
  });

  it('refuses bad input with field errors: unknown kind, a past due date, no checklist, another company’s file, a lying file name', async () => {
    const cast = await signedInCast(t.db, newClient);
    const pk = cast.clientUser.companyId;
    const create = (body: Record<string, unknown>) => cast.admin.post('accounting/communication/create/', { client_company: pk, subject: 'Hello', ...body });
    expect((await create({ kind: 'LETTER' })).json()).toEqual({ kind: ['Kind is not valid.'] });
    expect((await create({ kind: 'NOTICE', due_date: dayFromToday(-3) })).json()).toEqual({ due_date: ['Due date cannot be in the past.'] });
    expect((await create({ kind: 'NOTICE', due_date: '2026-13-40' })).json()).toEqual({ due_date: ['Due date is not valid.'] });
    expect((await create({ kind: 'REQUEST' })).json()).toEqual({ items: ['Items must have at least 1 item.'] });
    expect((await create({ kind: 'W9' })).json()).toEqual({ w9_vendor: ['Vendor is required.'] });
    expect((await create({ kind: 'NOTICE', subject: '  ' })).json()).toEqual({ subject: ['Subject is required.'] });
    const other = await createClientUser(t.db, cast.firm.firmId);
    const foreign = await uploadFile(cast.admin, other.companyId);
    expect((await create({ kind: 'NOTICE', attachments: [foreign] })).json()).toEqual({ attachments: ['File is not valid.'] });
    const png = await uploadFile(cast.admin, pk, 'statement.pdf', PNG_1X1);
    expect((await create({ kind: 'NOTICE', attachments: [png] })).json()).toEqual({
      attachments: ['statement.pdf is not what its name says: its contents are not a .pdf file.'],
    });
  });

  it('another firm and another client get 404; a client gets 403 on the accountant’s side and cannot hide', async () => {
    const cast = await signedInCast(t.db, newClient);
    const pk = cast.clientUser.companyId;
    const made = await createCommunication(cast.admin, pk, { kind: 'NOTICE', subject: 'Office closed Friday' });
    const stranger = await createClientUser(t.db, cast.firm.firmId);
    const strangerClient = newClient();
    await signIn(strangerClient, stranger.email);

    for (const path of [acc(pk, 'list/'), acc(pk, 'counters/'), acc(pk, 'hidden-list/')]) expect((await cast.otherFirmAdmin.get(path)).statusCode).toBe(404);
    expect((await cast.otherFirmAdmin.post(acc(pk, 'hide/'), { pks: [made.pk] })).statusCode).toBe(404);
    expect((await cast.otherFirmAdmin.post('accounting/communication/create/', { client_company: pk, kind: 'NOTICE', subject: 'x' })).statusCode).toBe(404);
    expect((await cast.otherFirmAdmin.post(`accounting/communication/${made.pk}/delete/`)).statusCode).toBe(404);
    expect((await cast.otherFirmAdmin.get(`accounting/notes/communication/${made.pk}/note/list/`)).statusCode).toBe(404);
    expect((await strangerClient.get(cli(pk, 'list/'))).statusCode).toBe(404);
    expect((await strangerClient.patch(cli(pk, 'update/'), { communications: [{ pk: made.pk, acknowledge: true }] })).statusCode).toBe(404);
    expect((await strangerClient.get(`accounting/notes/communication/${made.pk}/note/list/`)).statusCode).toBe(404);
    // Another company's communication named on this company's route is not found either.
    const elsewhere = await createCommunication(cast.admin, stranger.companyId, { kind: 'NOTICE', subject: 'Elsewhere' });
    expect((await cast.admin.post(acc(pk, 'hide/'), { pks: [elsewhere.pk] })).statusCode).toBe(404);

    expect((await cast.client.get(acc(pk, 'hidden-list/'))).statusCode).toBe(403);
    expect((await cast.client.post(acc(pk, 'hide/'), { pks: [made.pk] })).statusCode).toBe(403);
    expect((await cast.client.post(`accounting/communication/${made.pk}/delete/`)).statusCode).toBe(403);
    expect((await cast.client.get(cli(pk, 'hidden-list/'))).statusCode).toBe(404);
    expect((await cast.anonymous.get(cli(pk, 'list/'))).statusCode).toBe(401);
  });

  it('in the client’s view the firm sees the client’s requests but cannot answer them for the client', async () => {
    const cast = await signedInCast(t.db, newClient);
    const pk = cast.clientUser.companyId;
    const made = await createCommunication(cast.admin, pk, { kind: 'NOTICE', subject: 'Office closed Friday' });
    expect(pksOf(await cast.admin.get(cli(pk, 'list/')))).toEqual([made.pk]);
    const refused = await cast.admin.patch(cli(pk, 'update/'), { communications: [{ pk: made.pk, acknowledge: true }] });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: 'Only the client can answer their requests. In the client’s view you see them as the client does.' });
    expect((await cast.client.patch(cli(pk, 'update/'), { communications: [{ pk: made.pk, acknowledge: true }] })).statusCode).toBe(200);
  });

  it('hide and unhide: a hidden communication leaves the client’s lists, counters and thread; the accountant’s Hidden list holds it', async () => {
    const cast = await signedInCast(t.db, newClient);
    const pk = cast.clientUser.companyId;
    const made = await createCommunication(cast.admin, pk, { kind: 'NOTICE', subject: 'Office closed Friday' });
    expect((await cast.admin.post(acc(pk, 'hide/'), { pks: [made.pk] })).statusCode).toBe(204);
    expect(pksOf(await cast.admin.get(acc(pk, 'hidden-list/')))).toEqual([made.pk]);
    expect(pksOf(await cast.client.get(cli(pk, 'list/')))).toEqual([]);
    expect((await cast.client.get(cli(pk, 'counters/'))).json()).toMatchObject({ active: 0 });
    expect((await cast.client.get(`accounting/notes/communication/${made.pk}/note/list/`)).statusCode).toBe(404);
    expect((await cast.client.patch(cli(pk, 'update/'), { communications: [{ pk: made.pk, acknowledge: true }] })).statusCode).toBe(404);
    expect((await cast.admin.post(acc(pk, 'unhide/'), { pks: [made.pk] })).statusCode).toBe(204);
    expect(pksOf(await cast.client.get(cli(pk, 'list/')))).toEqual([made.pk]);
    expect((await cast.admin.post(acc(pk, 'hide/'), { pks: [] })).json()).toEqual({ pks: ['Communications is required.'] });
  });

  it('a client writes to the firm (a notice or a report, never a request); it waits on the accountant, who accepts it', async () => {
    const cast = await signedInCast(t.db, newClient);
    const pk = cast.clientUser.companyId;
    const file = await uploadFile(cast.client, pk);
    const made = await createCommunication(cast.client, pk, { kind: 'REPORT', subject: 'Our lease', attachments: [file] });
    expect(made).toMatchObject({ sender: 'CLIENT', status: 'READY' });
    const refused = await cast.client.post('accounting/communication/create/', { client_company: pk, ...checklist });
    expect(refused.json()).toEqual({ kind: ['A client can write a notice or share a report with their accountant.'] });
    // A file the client did not upload (the accountant's, of the same company) is not theirs to share.
    const accountantsFile = await uploadFile(cast.admin, pk);
    const borrowed = await cast.client.post('accounting/communication/create/', { client_company: pk, kind: 'NOTICE', subject: 'x', attachments: [accountantsFile] });
    expect(borrowed.json()).toEqual({ attachments: ['File is not valid.'] });
    expect((await cast.admin.get(acc(pk, 'counters/'))).json()).toMatchObject({ waiting_on_accountant: 1 });
    const back = await cast.admin.post(acc(pk, 'back/'), { pks: [made.pk] });
    expect(back.json()).toEqual({ detail: '“Our lease” was written by the client: answer it in its notes, then accept it.' });
    const accepted = await cast.admin.patch(acc(pk, 'update/'), { communications: [{ pk: made.pk, action: 'accept' }] });
    expect(accepted.json()[0].status).toBe('FINISHED_IN_HERD');
    expect(pksOf(await cast.client.get(cli(pk, 'completed-list/')))).toEqual([made.pk]);
  });

  it('notes on a communication through the notes module, one at a time and in bulk', async () => {
    const cast = await signedInCast(t.db, newClient);
    const pk = cast.clientUser.companyId;
    const a = await createCommunication(cast.admin, pk, { kind: 'NOTICE', subject: 'First' });
    const b = await createCommunication(cast.admin, pk, { kind: 'NOTICE', subject: 'Second' });
    const written = await cast.client.post(`accounting/notes/communication/${a.pk}/note/create/`, { body: 'Does this include the warehouse?' });
    expect(written.statusCode).toBe(201);
    const edited = await cast.client.patch(`accounting/notes/communication/note/update/${written.json().pk}/`, { body: 'Does this include the new warehouse?' });
    expect(edited.json()).toMatchObject({ edited: true, sender: 'CLIENT' });
    expect((await cast.admin.patch(`accounting/notes/communication/note/update/${written.json().pk}/`, { body: 'x' })).statusCode).toBe(403);
    const bulk = await cast.admin.post('accounting/notes/communications/note/create/', { client_company: pk, pks: [a.pk, b.pk], body: 'Reminder: due Friday.' });
    expect(bulk.json()).toEqual({ created: 2 });
    const thread = (await cast.client.get(`accounting/notes/communication/${a.pk}/note/list/`)).json();
    expect(thread.map((n: { sender: string; body: string }) => [n.sender, n.body])).toEqual([
      ['CLIENT', 'Does this include the new warehouse?'],
      ['ACCOUNTANT', 'Reminder: due Friday.'],
    ]);
    expect((await cast.admin.get(acc(pk, 'list/'))).json().results.find((r: { pk: number }) => r.pk === a.pk).notes_count).toBe(2);
    expect((await cast.client.post('accounting/notes/communications/note/create/', { client_company: pk, pks: [a.pk], body: 'x' })).statusCode).toBe(403);
    expect((await cast.otherFirmAdmin.post('accounting/notes/communications/note/create/', { client_company: pk, pks: [a.pk], body: 'x' })).statusCode).toBe(404);
  });

  it('delete removes a communication nobody answered, and cancels one with answers; choices list what a form offers', async () => {
    const cast = await signedInCast(t.db, newClient);
    const pk = cast.clientUser.companyId;
    const unanswered = await createCommunication(cast.admin, pk, { kind: 'NOTICE', subject: 'Typo' });
    expect((await cast.admin.post(`accounting/communication/${unanswered.pk}/delete/`)).json()).toEqual({ outcome: 'deleted' });
    expect((await cast.admin.post(`accounting/communication/${unanswered.pk}/delete/`)).statusCode).toBe(404);
    const answered = await createCommunication(cast.admin, pk, checklist);
    const text = answered.items[1]!.pk;
    expect((await cast.client.patch(cli(pk, 'update/'), { communications: [{ pk: answered.pk, answers: [{ item: text, text: 'No' }] }] })).statusCode).toBe(200);
    expect((await cast.admin.post(`accounting/communication/${answered.pk}/delete/`)).json()).toEqual({ outcome: 'cancelled' });
    expect(pksOf(await cast.admin.get(acc(pk, 'completed-list/')))).toEqual([answered.pk]);
    const again = await cast.admin.post(`accounting/communication/${answered.pk}/delete/`);
    expect(again.json()).toEqual({ detail: 'Cancelling it is not possible: “November close” is cancelled.' });

    const choices = (await cast.client.get('accounting/communications/choices/')).json();
    expect(choices.kinds).toEqual(['REPORT', 'REQUEST', 'NOTICE', 'W9']);
    expect(choices.client_kinds).toEqual(['NOTICE', 'REPORT']);
    expect(choices.tin_kinds).toEqual(['SSN', 'EIN']);
  });
});
