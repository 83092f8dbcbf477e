import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { notifications, outbox } from '../../../db/schema/index.js';
import { clientMaker } from '../../../../test/client.js';
import { signedInCast } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/harness.js';

let t: TestApp;
const newClient = clientMaker(() => t.app, 232);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const THREAD = 'accounting/notes/client-company';
const pin = (pk: number) => `${THREAD}/note/pin/${pk}/`;
const unpin = (pk: number) => `${THREAD}/note/unpin/${pk}/`;

const setup = async () => {
  const cast = await signedInCast(t.db, newClient);
  const pk = cast.clientUser.companyId;
  const write = async (body: string) => (await cast.admin.post(`${THREAD}/${pk}/note/create/`, { body })).json() as { pk: number };
  return { cast, pk, write };
};

const dashboardNote = async (cast: Awaited<ReturnType<typeof setup>>['cast'], pk: number) =>
  (await cast.client.get('accounting/client/companies/list/')).json().find((c: { pk: number }) => c.pk === pk).pinned_thread_note;

describe('the pinned note of a client company', () => {
  it('the accountant pins one note at a time; the client’s dashboard shows it', async () => {
    const { cast, pk, write } = await setup();
    const first = await write('Please send the March statement.');
    const second = await write('Payroll moves to the 15th.');
    expect(await dashboardNote(cast, pk)).toBeNull();
    const pinned = await cast.admin.post(pin(first.pk));
    expect(pinned.statusCode).toBe(200);
    expect(pinned.json()).toMatchObject({ pk: first.pk, pinned: true });
    expect(await dashboardNote(cast, pk)).toEqual({ pk: first.pk, body: 'Please send the March statement.', author: 'Ada Admin', created_at: expect.any(String) });
    // Pinning another takes the first one down.
    expect((await cast.admin.post(pin(second.pk))).json().pinned).toBe(true);
    const thread = (await cast.client.get(`${THREAD}/${pk}/note/list/`)).json();
    expect(thread.map((n: { pk: number; pinned: boolean }) => [n.pk, n.pinned])).toEqual([
      [first.pk, false],
      [second.pk, true],
    ]);
    expect((await cast.client.get(`accounting/client/company/${pk}/retrieve/`)).json().pinned_thread_note).toMatchObject({ pk: second.pk });
    expect((await cast.admin.post(unpin(second.pk))).json().pinned).toBe(false);
    expect(await dashboardNote(cast, pk)).toBeNull();
  });

  it('staff of the firm only: a client is refused, another firm and an unassigned team member get 404', async () => {
    const { cast, write } = await setup();
    const note = await write('Welcome');
    expect((await cast.client.post(pin(note.pk))).statusCode).toBe(403);
    expect((await cast.otherFirmAdmin.post(pin(note.pk))).statusCode).toBe(404);
    expect((await cast.teamMember.post(pin(note.pk))).statusCode).toBe(404);
    expect((await cast.admin.post(pin(note.pk + 1_000_000))).statusCode).toBe(404);
    expect((await cast.clientAdmin.post(pin(note.pk))).statusCode).toBe(200);
  });

  it('only a note of the client company’s own thread can be pinned', async () => {
    const { cast, write } = await setup();
    await write('Shared');
    const internal = (await cast.admin.post(`accounting/notes/accountant-company/${cast.firm.firmId}/note/create/`, { body: 'Internal' })).json();
    expect((await cast.admin.post(pin(internal.pk))).statusCode).toBe(404);
  });
});

describe('the firm’s internal thread', () => {
  it('no client can list, write, edit or hear of it, by bell or email, and it never reaches their dashboard', async () => {
    const { cast, pk } = await setup();
    const path = `accounting/notes/accountant-company/${cast.firm.firmId}`;
    const internal = (await cast.admin.post(`${path}/note/create/`, { body: 'Internal: this client pays late.' })).json();
    expect((await cast.client.get(`${path}/note/list/`)).statusCode).toBe(404);
    expect((await cast.client.post(`${path}/note/create/`, { body: 'Let me in' })).statusCode).toBe(404);
    expect((await cast.client.patch(`accounting/notes/accountant-company/note/update/${internal.pk}/`, { body: 'x' })).statusCode).toBe(404);
    expect((await cast.client.get(`${THREAD}/${pk}/note/list/`)).json()).toEqual([]);
    expect((await cast.client.get('notifications/list/')).json().results).toEqual([]);
    const told = await t.db.select().from(notifications).where(eq(notifications.userId, cast.clientUser.userId));
    expect(told).toEqual([]);
    const mails = await t.db.select().from(outbox).where(eq(outbox.recipient, cast.clientUser.email));
    expect(mails.some((m) => m.textBody.includes('pays late'))).toBe(false);
    expect(await dashboardNote(cast, pk)).toBeNull();
  });
});
