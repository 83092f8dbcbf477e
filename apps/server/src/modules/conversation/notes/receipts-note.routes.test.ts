import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientCompanyAssignments, notes } from '../../../db/schema/index.js';
import { clientMaker, type TestClient } from '../../../../test/client.js';
import { createClientUser, firmMemberPkOf, signIn, signedInCast } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { multipartFiles, PNG_1X1 } from '../../../../test/multipart.js';
import { restrictedCast } from '../../../../test/restricted.js';

let t: TestApp;
const newClient = clientMaker(() => t.app, 171);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const BULK = 'accounting/notes/receipts/note/create/';

/** One receipt handed over by this person, for the company, or for the firm's inbox without one. */
const upload = async (client: TestClient, companyPk: number | null) => {
  const { body, headers } = multipartFiles(companyPk === null ? {} : { client_company: String(companyPk) }, [{ name: 'r.png', bytes: PNG_1X1, type: 'image/png' }]);
  const res = await client.request('POST', 'accounting/receipt/create/', { body, headers });
  if (res.statusCode !== 201) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { pk: number }[])[0]!.pk;
};
const thread = async (client: TestClient, receiptPk: number) =>
  ((await client.get(`accounting/notes/receipt/${receiptPk}/note/list/`)).json() as { body: string; sender: string }[]).map((n) => [n.sender, n.body]);
const bell = async (client: TestClient) => ((await client.get('notifications/list/')).json().results as { title: string; text: string }[]).map((n) => [n.title, n.text]);
const notesOn = (receiptPk: number) =>
  t.db
    .select()
    .from(notes)
    .where(and(eq(notes.targetType, 'RECEIPT'), eq(notes.targetPk, receiptPk)));

describe('one note to many receipts', () => {
  it('writes it in each receipt’s thread, and tells the client once, if they can see at least one of them', async () => {
    // The client sees only what they handed over and what is on their Visa card; the accountant's upload is not theirs to see.
    const { cast, pk } = await restrictedCast(t.db, newClient);
    const firms = await upload(cast.admin, pk);
    const theirs = await upload(cast.client, pk);
    const first = await cast.admin.post(BULK, { client_company: pk, pks: [firms], body: 'For the file' });
    expect([first.statusCode, first.json()]).toEqual([201, { created: 1 }]);
    expect(await bell(cast.client)).toEqual([]);

    const res = await cast.admin.post(BULK, { client_company: pk, pks: [firms, theirs, theirs], body: 'Which trip were these for?' });
    expect([res.statusCode, res.json()]).toEqual([201, { created: 2 }]);
    expect(await thread(cast.admin, firms)).toEqual([
      ['ACCOUNTANT', 'For the file'],
      ['ACCOUNTANT', 'Which trip were these for?'],
    ]);
    expect(await thread(cast.client, theirs)).toEqual([['ACCOUNTANT', 'Which trip were these for?']]);
    expect(await bell(cast.client)).toEqual([['Ada Admin wrote on 2 receipts of Client Co', 'Which trip were these for?']]);
    // The author hears nothing of their own words (only of the client's upload).
    expect(await bell(cast.admin)).toEqual([['Client Co sent 1 receipt', '']]);
  });

  it('is the accountant’s, for a company they see: a client 403; another firm, an unassigned team member 404', async () => {
    const cast = await signedInCast(t.db, newClient);
    const pk = cast.clientUser.companyId;
    const receipt = await upload(cast.client, pk);
    const body = { client_company: pk, pks: [receipt], body: 'x' };
    expect((await cast.client.post(BULK, body)).statusCode).toBe(403);
    expect((await cast.otherFirmAdmin.post(BULK, body)).statusCode).toBe(404);
    expect((await cast.teamMember.post(BULK, body)).statusCode).toBe(404);
    expect((await cast.anonymous.post(BULK, body)).statusCode).toBe(401);
    await t.db.insert(clientCompanyAssignments).values({ clientCompanyId: pk, firmMemberId: await firmMemberPkOf(t.db, cast.teamMemberId) });
    expect((await cast.teamMember.post(BULK, body)).statusCode).toBe(201);
  });

  it('writes nothing when one receipt is not the company’s (another firm’s, another company’s, the inbox’s): 404', async () => {
    const cast = await signedInCast(t.db, newClient);
    const pk = cast.clientUser.companyId;
    const mine = await upload(cast.client, pk);
    const other = await signedInCast(t.db, newClient);
    // Another company of the same firm, which the accountant sees too: still not this company's.
    const neighbour = await createClientUser(t.db, cast.firm.firmId);
    const neighbourClient = newClient();
    await signIn(neighbourClient, neighbour.email);
    for (const stranger of [await upload(other.client, other.clientUser.companyId), await upload(cast.admin, null), await upload(neighbourClient, neighbour.companyId)]) {
      expect((await cast.admin.post(BULK, { client_company: pk, pks: [mine, stranger], body: 'x' })).statusCode).toBe(404);
    }
    expect(await notesOn(mine)).toEqual([]);
  });

  it('says what is missing', async () => {
    const cast = await signedInCast(t.db, newClient);
    const pk = cast.clientUser.companyId;
    const res = await cast.admin.post(BULK, { client_company: pk, pks: [], body: ' ' });
    expect([res.statusCode, res.json()]).toEqual([400, { pks: ['Receipts is required.'], body: ['Message is required.'] }]);
    expect((await cast.admin.post(BULK, { pks: [1], body: 'x' })).json()).toEqual({ client_company: ['Client company is required.'] });
  });
});
