import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, communications } from '../../../db/schema/index.js';
import { clientMaker, type TestClient } from '../../../../test/client.js';
import { accPath as acc, checklist, cliPath as cli, createCommunication, pksOf } from '../../../../test/communications.js';
import { createClientUser, signIn, signedInCast } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { ANSWERS_ARE_THE_CLIENTS } from './communication-answer.service.js';
import { CLIENT_LIST_IS_THE_CLIENTS, SYNC_ERRORS_ARE_THE_FIRMS } from './communication-client-actions.service.js';

let t: TestApp;
const newClient = clientMaker(() => t.app, 97);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const notice = { kind: 'NOTICE', subject: 'Office closed Friday', text: 'We are closed for the holiday.' };
const answer = (client: TestClient, pk: number, change: Record<string, unknown>) => client.patch(cli(pk, 'update/'), { communications: [change] });
const statusOf = async (pk: number) => (await t.db.select({ status: communications.status }).from(communications).where(eq(communications.pk, pk)))[0]!.status;
const audits = (pk: number) =>
  t.db
    .select({ action: auditLog.action, details: auditLog.details })
    .from(auditLog)
    .where(and(eq(auditLog.targetType, 'communication'), eq(auditLog.targetPk, pk)));

/** A firm, its client company and a notice the client has acknowledged (finished at once). */
const finishedNotice = async () => {
  const cast = await signedInCast(t.db, newClient);
  const pk = cast.clientUser.companyId;
  const read = await createCommunication(cast.admin, pk, notice);
  expect((await answer(cast.client, pk, { pk: read.pk, acknowledge: true })).json()[0].status).toBe('FINISHED_IN_HERD');
  return { cast, pk, read };
};

describe('the client hides requests from their own list', () => {
  it('takes a finished one off their completed list into their hidden one; the firm’s lists and counts are untouched', async () => {
    const { cast, pk, read } = await finishedNotice();
    expect((await cast.client.post(cli(pk, 'hide/'), { pks: [read.pk, read.pk] })).statusCode).toBe(204);
    expect(pksOf(await cast.client.get(cli(pk, 'completed-list/')))).toEqual([]);
    expect(pksOf(await cast.client.get(cli(pk, 'completed-list/?hidden=true')))).toEqual([read.pk]);
    expect((await cast.client.get(cli(pk, 'counters/'))).json()).toMatchObject({ completed: 0, hidden: 1 });
    expect(pksOf(await cast.admin.get(acc(pk, 'completed-list/')))).toEqual([read.pk]);
    expect((await cast.admin.get(acc(pk, 'counters/'))).json()).toEqual({
      active: 0,
      completed: 1,
      hidden: 0,
      waiting_on_client: 0,
      waiting_on_accountant: 0,
      overdue: 0,
      sync_errors: 0,
    });
    expect((await cast.client.get(cli(pk, 'completed-list/?hidden=yes'))).json()).toEqual({ hidden: ['Hidden is not valid.'] });

    // Hiding it again changes nothing; unhiding puts it back.
    expect((await cast.client.post(cli(pk, 'hide/'), { pks: [read.pk] })).statusCode).toBe(204);
    expect((await cast.client.post(cli(pk, 'unhide/'), { pks: [read.pk] })).statusCode).toBe(204);
    expect(pksOf(await cast.client.get(cli(pk, 'completed-list/')))).toEqual([read.pk]);
    expect((await cast.client.get(cli(pk, 'counters/'))).json()).toMatchObject({ completed: 1, hidden: 0 });
    expect((await audits(read.pk)).map((a) => a.action)).toEqual([
      'communication.create',
      'communication.answer',
      'communication.client_hide',
      'communication.client_unhide',
    ]);
  });

  it('refuses an open request: it still asks something of someone', async () => {
    const cast = await signedInCast(t.db, newClient);
    const pk = cast.clientUser.companyId;
    const req = await createCommunication(cast.admin, pk, checklist);
    const res = await cast.client.post(cli(pk, 'hide/'), { pks: [req.pk] });
    expect([res.statusCode, res.json()]).toEqual([400, { detail: '“November close” is still open: a request can be hidden once it is finished or cancelled.' }]);
  });

  it('shows it again once the accountant reopens it, and after it is finished again', async () => {
    const { cast, pk, read } = await finishedNotice();
    await cast.client.post(cli(pk, 'hide/'), { pks: [read.pk] });
    expect((await cast.admin.patch(acc(pk, 'update/'), { communications: [{ pk: read.pk, action: 'reopen' }] })).statusCode).toBe(200);
    expect(pksOf(await cast.client.get(cli(pk, 'list/')))).toEqual([read.pk]);
    await answer(cast.client, pk, { pk: read.pk, acknowledge: true });
    expect(pksOf(await cast.client.get(cli(pk, 'completed-list/')))).toEqual([read.pk]);
  });

  it('is the client’s own: the firm viewing as the client is refused; one the firm hid, and another company’s, are 404', async () => {
    const { cast, pk, read } = await finishedNotice();
    const asFirm = await cast.admin.post(cli(pk, 'hide/'), { pks: [read.pk] });
    expect([asFirm.statusCode, asFirm.json()]).toEqual([403, { detail: CLIENT_LIST_IS_THE_CLIENTS }]);
    const firmHidden = await createCommunication(cast.admin, pk, notice);
    await cast.admin.post(acc(pk, 'hide/'), { pks: [firmHidden.pk] });
    // The client's counters say nothing of what the firm hid.
    expect((await cast.client.get(cli(pk, 'counters/'))).json()).toMatchObject({ completed: 1, hidden: 0 });
    expect((await cast.client.post(cli(pk, 'hide/'), { pks: [read.pk, firmHidden.pk] })).statusCode).toBe(404);
    expect((await cast.client.post(cli(pk, 'unhide/'), { pks: [firmHidden.pk] })).statusCode).toBe(404);
    expect(pksOf(await cast.client.get(cli(pk, 'completed-list/')))).toEqual([read.pk]);
  });
});

describe('the client takes back an answer', () => {
  it('puts an answered request back with them, answers kept, to change and send again', async () => {
    const cast = await signedInCast(t.db, newClient);
    const pk = cast.clientUser.companyId;
    const van = await createCommunication(cast.admin, pk, { kind: 'REQUEST', subject: 'Van', items: [{ label: 'What was it?', answer_kind: 'TEXT' }] });
    const item = van.items[0]!.pk;
    await answer(cast.client, pk, { pk: van.pk, answers: [{ item, text: 'A van' }] });
    expect(await statusOf(van.pk)).toBe('READY');

    expect((await cast.client.post(cli(pk, 'back/'), { pks: [van.pk] })).statusCode).toBe(204);
    expect(await statusOf(van.pk)).toBe('PROCESSING');
    const listed = (await cast.client.get(cli(pk, 'list/'))).json().results[0];
    expect(listed.items[0]).toMatchObject({ answer_text: 'A van' });
    expect((await audits(van.pk)).at(-1)).toEqual({ action: 'communication.back', details: { by_client: true, from: 'READY', to: 'PROCESSING' } });
    const again = await answer(cast.client, pk, { pk: van.pk, answers: [{ item, text: 'A van, for deliveries' }] });
    expect(again.json()[0].status).toBe('READY');

    // Already with them, or finished: nothing to take back.
    await cast.client.post(cli(pk, 'back/'), { pks: [van.pk] });
    const twice = await cast.client.post(cli(pk, 'back/'), { pks: [van.pk] });
    expect(twice.json()).toEqual({ detail: 'Taking back your answer is not possible: “Van” is already with you: change your answers and send it.' });
    const read = await createCommunication(cast.admin, pk, notice);
    await answer(cast.client, pk, { pk: read.pk, acknowledge: true });
    expect((await cast.client.post(cli(pk, 'back/'), { pks: [read.pk] })).json()).toEqual({
      detail: 'Taking back your answer is not possible: “Office closed Friday” is finished.',
    });
  });

  it('is not for the client’s own messages, nor for the firm viewing as the client', async () => {
    const cast = await signedInCast(t.db, newClient);
    const pk = cast.clientUser.companyId;
    const own = (await cast.client.post('accounting/communication/create/', { client_company: pk, kind: 'NOTICE', subject: 'We moved', text: 'New address.' })).json();
    expect((await cast.client.post(cli(pk, 'back/'), { pks: [own.pk] })).json()).toEqual({ detail: '“We moved” is your own message: add to it in its notes.' });
    const asFirm = await cast.admin.post(cli(pk, 'back/'), { pks: [own.pk] });
    expect([asFirm.statusCode, asFirm.json()]).toEqual([403, { detail: ANSWERS_ARE_THE_CLIENTS }]);
  });
});

describe('the client’s errors/clear', () => {
  it('says a sync error is the firm’s to clear, to the client and to the firm viewing as the client', async () => {
    const { cast, pk, read } = await finishedNotice();
    for (const who of [cast.client, cast.admin]) {
      const res = await who.post(cli(pk, 'errors/clear/'), { pks: [read.pk] });
      expect([res.statusCode, res.json()]).toEqual([403, { detail: SYNC_ERRORS_ARE_THE_FIRMS }]);
    }
    expect((await cast.client.post(cli(pk, 'errors/clear/'), {})).json()).toEqual({ pks: ['Communications is required.'] });
  });
});

describe('another firm or client', () => {
  it('gets 404 on every client action; signed out 401', async () => {
    const { cast, pk, read } = await finishedNotice();
    const other = await signedInCast(t.db, newClient);
    const neighbour = newClient();
    await signIn(neighbour, (await createClientUser(t.db, cast.firm.firmId)).email);
    for (const action of ['hide/', 'unhide/', 'back/', 'errors/clear/']) {
      for (const outsider of [other.client, other.admin, neighbour, cast.teamMember])
        expect((await outsider.post(cli(pk, action), { pks: [read.pk] })).statusCode).toBe(404);
      expect((await cast.anonymous.post(cli(pk, action), { pks: [read.pk] })).statusCode).toBe(401);
      // One of another company's communications, named on the client's own company: not found.
      const theirs = await createCommunication(other.admin, other.clientUser.companyId, notice);
      if (action !== 'errors/clear/') expect((await cast.client.post(cli(pk, action), { pks: [theirs.pk] })).statusCode).toBe(404);
    }
    expect((await other.client.get(cli(pk, 'completed-list/?hidden=true'))).statusCode).toBe(404);
  });
});
