import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientCompanyAssignments } from '../../../db/schema/index.js';
import { clientMaker, type TestClient } from '../../../../test/client.js';
import { firmMemberPkOf, setSubscription, signedInCast } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { restrictedCast } from '../../../../test/restricted.js';
import { notify, type NotifyInput } from './notify.service.js';

let t: TestApp;
const newClient = clientMaker(() => t.app, 150);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

type Cast = Awaited<ReturnType<typeof signedInCast>>;

const aboutCompany = (cast: Cast, title: string, to: NotifyInput['to'] = { firm: true, client: { type: 'company' } }): NotifyInput => ({
  firmId: cast.firm.firmId,
  clientCompanyId: cast.clientUser.companyId,
  kind: 'NOTE',
  target: { type: 'CLIENT_COMPANY', pk: cast.clientUser.companyId },
  title,
  to,
});

const titles = async (client: TestClient, query = '') => (await client.get(`notifications/list/${query}`)).json().results.map((n: { title: string }) => n.title);
const unread = async (client: TestClient) => (await client.get('notifications/unread-count/')).json().unread_count;

describe('who hears about what (notify)', () => {
  it('admins hear about every client, a team member only about assigned ones, the author never', async () => {
    const cast = await signedInCast(t.db, newClient);
    await notify(t.db, { ...aboutCompany(cast, 'Before assignment'), except: cast.firm.adminId });
    expect(await titles(cast.admin)).toEqual([]);
    expect(await titles(cast.clientAdmin)).toEqual(['Before assignment']);
    expect(await titles(cast.client)).toEqual(['Before assignment']);
    expect(await titles(cast.teamMember)).toEqual([]);
    await t.db.insert(clientCompanyAssignments).values({ clientCompanyId: cast.clientUser.companyId, firmMemberId: await firmMemberPkOf(t.db, cast.teamMemberId) });
    await notify(t.db, aboutCompany(cast, 'After assignment', { firm: true }));
    expect(await titles(cast.teamMember)).toEqual(['After assignment']);
    expect(await titles(cast.client)).toEqual(['Before assignment']);
    expect(await titles(cast.otherFirmAdmin)).toEqual([]);
  });

  it('a client restricted to some accounts hears only about transactions of those accounts', async () => {
    const { cast, pk, fuel, rent } = await restrictedCast(t.db, newClient);
    const about = (txPk: number, title: string): NotifyInput => ({
      firmId: cast.firm.firmId,
      clientCompanyId: pk,
      kind: 'NOTE',
      target: { type: 'TRANSACTION', pk: txPk },
      title,
      to: { client: { type: 'transaction', pk: txPk } },
    });
    await notify(t.db, about(fuel, 'About fuel'));
    await notify(t.db, about(rent, 'About rent'));
    expect(await titles(cast.client)).toEqual(['About fuel']);
  });

  it('stores titles and texts as plain text, cut to a short line', async () => {
    const cast = await signedInCast(t.db, newClient);
    await notify(t.db, { ...aboutCompany(cast, '<b>Bold</b>'), text: `${'word '.repeat(100)}end` });
    const [item] = (await cast.client.get('notifications/list/')).json().results;
    expect(item.title).toBe('<b>Bold</b>');
    expect(item.text.length).toBe(280);
    expect(item.text.endsWith('…')).toBe(true);
    expect(item).toMatchObject({
      kind: 'NOTE',
      target: { type: 'CLIENT_COMPANY', pk: cast.clientUser.companyId },
      client_company: cast.clientUser.companyId,
      read: false,
    });
  });
});

describe('notifications/list/ and unread-count/', () => {
  it('lists my own, newest first, paged; the count is of unread ones', async () => {
    const cast = await signedInCast(t.db, newClient);
    for (const title of ['First', 'Second', 'Third']) await notify(t.db, aboutCompany(cast, title));
    const page = (await cast.client.get('notifications/list/?page_size=2')).json();
    expect(page.count).toBe(3);
    expect(page.results.map((n: { title: string }) => n.title)).toEqual(['Third', 'Second']);
    expect(page.next).toContain('page=2');
    expect(await titles(cast.client, '?page=2&page_size=2')).toEqual(['First']);
    expect(await unread(cast.client)).toBe(3);
    expect(await unread(cast.otherFirmAdmin)).toBe(0);
  });

  it('refuses bad paging and signed-out callers', async () => {
    const cast = await signedInCast(t.db, newClient);
    expect((await cast.client.get('notifications/list/?page=0')).json()).toEqual({ page: ['Page must be at least 1.'] });
    expect((await cast.client.get('notifications/list/?page_size=500')).statusCode).toBe(400);
    expect((await cast.client.get('notifications/list/?unread=maybe')).json()).toEqual({ unread: ['Unread is not valid.'] });
    expect((await cast.anonymous.get('notifications/list/')).statusCode).toBe(401);
    expect((await cast.anonymous.get('notifications/unread-count/')).statusCode).toBe(401);
  });
});

describe('notifications/mark-read/', () => {
  it('marks one, several, or all read and answers the new count', async () => {
    const cast = await signedInCast(t.db, newClient);
    for (const title of ['A', 'B', 'C', 'D']) await notify(t.db, aboutCompany(cast, title));
    const [d, c, b] = (await cast.client.get('notifications/list/')).json().results.map((n: { pk: number }) => n.pk);
    expect((await cast.client.post('notifications/mark-read/', { pk: d })).json()).toEqual({ unread_count: 3 });
    expect((await cast.client.post('notifications/mark-read/', { pks: [c, b, c] })).json()).toEqual({ unread_count: 1 });
    expect(await titles(cast.client, '?unread=true')).toEqual(['A']);
    expect((await cast.client.post('notifications/mark-read/', { all: true })).json()).toEqual({ unread_count: 0 });
    expect((await cast.client.get('notifications/list/')).json().results.every((n: { read: boolean }) => n.read)).toBe(true);
  });

  it('another person’s notification is 404 and nothing is marked', async () => {
    const cast = await signedInCast(t.db, newClient);
    await notify(t.db, aboutCompany(cast, 'Shared news'));
    const [clients] = (await cast.client.get('notifications/list/')).json().results;
    const [admins] = (await cast.admin.get('notifications/list/')).json().results;
    expect((await cast.admin.post('notifications/mark-read/', { pks: [admins.pk, clients.pk] })).statusCode).toBe(404);
    expect((await cast.otherFirmAdmin.post('notifications/mark-read/', { pk: clients.pk })).statusCode).toBe(404);
    expect(await unread(cast.admin)).toBe(1);
    expect(await unread(cast.client)).toBe(1);
    expect((await cast.admin.post('notifications/mark-read/', { pk: 2_147_483_647 })).statusCode).toBe(404);
  });

  it('refuses a body that names nothing, or more than one way', async () => {
    const cast = await signedInCast(t.db, newClient);
    const bad = (body: unknown) => cast.client.post('notifications/mark-read/', body);
    expect((await bad({})).json()).toEqual({ pks: ['Name one notification, several, or all of them.'] });
    expect((await bad({ pk: 1, all: true })).json()).toEqual({ pks: ['Name one notification, several, or all of them.'] });
    expect((await bad({ pks: [] })).statusCode).toBe(400);
    expect((await bad({ pk: 'one' })).json()).toEqual({ pk: ['Notification is not valid.'] });
    expect((await bad({ all: false })).json()).toEqual({ all: ['All is not valid.'] });
  });

  it('stays open to a firm whose subscription lapsed: reading is the person’s own state', async () => {
    const cast = await signedInCast(t.db, newClient);
    await notify(t.db, aboutCompany(cast, 'News'));
    await setSubscription(t.db, cast.firm.firmId, 'CANCELLED');
    expect((await cast.admin.post('notifications/mark-read/', { all: true })).statusCode).toBe(200);
    expect((await cast.admin.post('notifications/hide-all/')).statusCode).toBe(204);
  });
});

describe('notifications/hide-all/', () => {
  it('clears my list and count, and nobody else’s', async () => {
    const cast = await signedInCast(t.db, newClient);
    await notify(t.db, aboutCompany(cast, 'Old news'));
    expect((await cast.client.post('notifications/hide-all/')).statusCode).toBe(204);
    expect(await titles(cast.client)).toEqual([]);
    expect(await unread(cast.client)).toBe(0);
    expect(await titles(cast.admin)).toEqual(['Old news']);
    await notify(t.db, aboutCompany(cast, 'New news'));
    expect(await titles(cast.client)).toEqual(['New news']);
  });
});
