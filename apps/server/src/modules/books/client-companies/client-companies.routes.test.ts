import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestClient, clientMaker } from '../../../../test/client.js';
import { firmMemberPkOf, setSubscription, signedInCast } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/harness.js';

let t: TestApp;
const newClient = clientMaker(() => t.app, 4);
const BASE = 'accounting/accountant';

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const create = (client: TestClient, name: string, kind = 'CSV') => client.post(`${BASE}/client-companies/create/`, { name, connection_kind: kind });

describe('client companies', () => {
  it('lets an admin create CSV, CONNECTIONLESS and GENERIC companies, with sensible defaults', async () => {
    const cast = await signedInCast(t.db, newClient);
    for (const kind of ['CSV', 'CONNECTIONLESS', 'GENERIC']) {
      const res = await create(cast.admin, `Acme ${kind}`, kind);
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        name: `Acme ${kind}`,
        connection_kind: kind,
        connection_state: 'CONNECTED',
        sync_date: null,
        reminder_schedule: { enabled: true, weekdays: null },
        assigned_members: [],
        client_users_count: 0,
      });
    }
  });

  it('refuses ledger kinds (they come from connect flows) and bad input, with the contract’s messages', async () => {
    const cast = await signedInCast(t.db, newClient);
    expect((await create(cast.admin, 'Q', 'QBO')).json()).toEqual({ connection_kind: ['Connection kind is not valid.'] });
    expect((await cast.admin.post(`${BASE}/client-companies/create/`, {})).json()).toEqual({
      name: ['Name is required.'],
      connection_kind: ['Connection kind is required.'],
    });
  });

  it('lists with search, ordering and pagination, and only the firm’s own companies', async () => {
    const cast = await signedInCast(t.db, newClient);
    for (const name of ['Bravo Bakery', 'alpha Alarms', 'Charlie Cafe', 'Bravo Bikes']) await create(cast.admin, name);
    await create(cast.otherFirmAdmin, 'Bravo Outsider');

    const all = (await cast.admin.get(`${BASE}/client-companies/list/`)).json();
    // The cast's client user already has "Client Co".
    expect(all.count).toBe(5);
    expect(all.results.map((c: { name: string }) => c.name)).toEqual(['alpha Alarms', 'Bravo Bakery', 'Bravo Bikes', 'Charlie Cafe', 'Client Co']);

    const search = (await cast.admin.get(`${BASE}/client-companies/list/?search=bravo&ordering=-name`)).json();
    expect(search.results.map((c: { name: string }) => c.name)).toEqual(['Bravo Bikes', 'Bravo Bakery']);

    const page2 = (await cast.admin.get(`${BASE}/client-companies/list/?page=2&page_size=3`)).json();
    expect(page2).toMatchObject({ count: 5, next: null });
    expect(page2.previous).toContain('page=1');
    expect(page2.results.map((c: { name: string }) => c.name)).toEqual(['Charlie Cafe', 'Client Co']);
    const page1 = (await cast.admin.get(`${BASE}/client-companies/list/?page=1&page_size=3`)).json();
    expect(page1.next).toContain('page=2');

    const bad = await cast.admin.get(`${BASE}/client-companies/list/?page_size=1000`);
    expect(bad.statusCode).toBe(400);
  });

  it('filters by connection state and by whether the company has client users yet', async () => {
    const cast = await signedInCast(t.db, newClient);
    const lonely = (await create(cast.admin, 'Lonely Co')).json();
    const gone = (await create(cast.admin, 'Gone Co')).json();
    await cast.admin.post(`${BASE}/client-company/${gone.pk}/disconnect/`);
    const names = async (query: string) => (await cast.admin.get(`${BASE}/client-companies/list/?${query}`)).json().results.map((c: { name: string }) => c.name);
    expect(await names('connection_state=DISCONNECTED')).toEqual(['Gone Co']);
    expect(await names('has_client_users=false')).toEqual(['Gone Co', 'Lonely Co']);
    expect(await names('has_client_users=true')).toEqual(['Client Co']);
    expect(lonely.pk).toBeGreaterThan(0);
    expect((await cast.admin.get(`${BASE}/client-companies/list/?connection_state=LOST`)).statusCode).toBe(400);
  });

  it('treats % and _ in a search as plain characters', async () => {
    const cast = await signedInCast(t.db, newClient);
    await create(cast.admin, '100% Juice');
    await create(cast.admin, '1000 Lakes');
    const res = (await cast.admin.get(`${BASE}/client-companies/list/?search=${encodeURIComponent('100%')}`)).json();
    expect(res.results.map((c: { name: string }) => c.name)).toEqual(['100% Juice']);
  });

  it('exports the list as CSV, neutralising formula-like names', async () => {
    const cast = await signedInCast(t.db, newClient);
    await create(cast.admin, '=HYPERLINK("x")');
    await create(cast.admin, 'Plain, Name');
    const res = await cast.admin.get(`${BASE}/client-companies/csv/`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    expect(res.headers['content-disposition']).toContain('clients.csv');
    const lines = res.body.trim().split('\n');
    expect(lines[0]).toBe('ID,Name,Connection,State,Sync date,Client users,Assigned to,Created');
    expect(res.body).toContain(`"'=HYPERLINK(""x"")"`);
    expect(res.body).toContain('"Plain, Name"');
    expect(lines).toHaveLength(4); // header, the two above, the cast's Client Co
  });

  it('updates settings, assignments and sync date; another firm gets 404', async () => {
    const cast = await signedInCast(t.db, newClient);
    const company = (await create(cast.admin, 'Updatable')).json();
    const memberPk = await firmMemberPkOf(t.db, cast.teamMemberId);
    const res = await cast.admin.patch(`${BASE}/client-company/${company.pk}/update/`, {
      name: 'Updated Name',
      assigned_members: [memberPk],
      client_editable_fields: ['category', 'memo'],
      reminder_schedule: { enabled: true, weekdays: [2, 4] },
      pinned_note: 'Please send March receipts.',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Updated Name',
      client_editable_fields: ['category', 'memo'],
      reminder_schedule: { enabled: true, weekdays: [2, 4] },
      pinned_note: 'Please send March receipts.',
      assigned_members: [{ pk: memberPk, name: 'Cody Coworker' }],
    });

    const date = await cast.admin.patch(`${BASE}/client-company/${company.pk}/update/sync-date/`, { sync_date: '2026-01-01' });
    expect(date.json().sync_date).toBe('2026-01-01');
    expect((await cast.admin.patch(`${BASE}/client-company/${company.pk}/update/sync-date/`, { sync_date: '01/01/2026' })).json()).toEqual({
      sync_date: ['Sync date is not valid.'],
    });

    for (const path of [`client-company/${company.pk}/retrieve/`]) {
      expect((await cast.otherFirmAdmin.get(`${BASE}/${path}`)).statusCode).toBe(404);
    }
    expect((await cast.otherFirmAdmin.patch(`${BASE}/client-company/${company.pk}/update/`, { name: 'Hijack' })).statusCode).toBe(404);
    expect((await cast.otherFirmAdmin.post(`${BASE}/client-company/${company.pk}/disconnect/`)).statusCode).toBe(404);
  });

  it('refuses bad settings with field errors', async () => {
    const cast = await signedInCast(t.db, newClient);
    const company = (await create(cast.admin, 'Strict')).json();
    const res = await cast.admin.patch(`${BASE}/client-company/${company.pk}/update/`, {
      name: '',
      reminder_schedule: { enabled: true, weekdays: [1, 7] },
      client_editable_fields: ['password'],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      name: ['Name is required.'],
      'reminder_schedule.weekdays.1': ['Reminder days must be between 0 and 6'],
      'client_editable_fields.0': ['Client editable fields is not valid.'],
    });
    const outsiderMember = await firmMemberPkOf(t.db, cast.outsider.adminId);
    const cross = await cast.admin.patch(`${BASE}/client-company/${company.pk}/update/`, { assigned_members: [outsiderMember] });
    expect(cross.json()).toEqual({ assigned_members: ['Assigned members is not valid.'] });
  });

  it('disconnects one company, or all of them (firm admin only)', async () => {
    const cast = await signedInCast(t.db, newClient);
    const a = (await create(cast.admin, 'A')).json();
    await create(cast.admin, 'B');
    const one = await cast.admin.post(`${BASE}/client-company/${a.pk}/disconnect/`);
    expect(one.json().connection_state).toBe('DISCONNECTED');
    expect((await cast.clientAdmin.post(`${BASE}/disconnect-all/`)).statusCode).toBe(403);
    const all = await cast.admin.post(`${BASE}/disconnect-all/`);
    expect(all.json()).toEqual({ disconnected: 2 }); // B and the cast's Client Co
    const states = (await cast.admin.get(`${BASE}/client-companies/list/`)).json().results.map((c: { connection_state: string }) => c.connection_state);
    expect(states).toEqual(['DISCONNECTED', 'DISCONNECTED', 'DISCONNECTED']);
  });

  it('is read-only when the subscription has lapsed', async () => {
    const cast = await signedInCast(t.db, newClient);
    await setSubscription(t.db, cast.firm.firmId, 'CANCELLED');
    const res = await create(cast.admin, 'Too late');
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toMatch(/read-only/);
    expect((await cast.admin.get(`${BASE}/client-companies/list/`)).statusCode).toBe(200);
  });
});

describe('client companies: who may do what', () => {
  it('team members see and edit only assigned clients, and cannot create, assign or disconnect', async () => {
    const cast = await signedInCast(t.db, newClient);
    const mine = (await create(cast.admin, 'Assigned Co')).json();
    const other = (await create(cast.admin, 'Unassigned Co')).json();
    const memberPk = await firmMemberPkOf(t.db, cast.teamMemberId);
    await cast.admin.patch(`${BASE}/client-company/${mine.pk}/update/`, { assigned_members: [memberPk] });

    const list = (await cast.teamMember.get(`${BASE}/client-companies/list/`)).json();
    expect(list.results.map((c: { pk: number }) => c.pk)).toEqual([mine.pk]);
    expect((await cast.teamMember.get(`${BASE}/client-company/${other.pk}/retrieve/`)).statusCode).toBe(404);
    expect((await cast.teamMember.get(`${BASE}/client-company/${mine.pk}/retrieve/`)).statusCode).toBe(200);
    expect((await cast.teamMember.patch(`${BASE}/client-company/${mine.pk}/update/`, { pinned_note: 'Hi' })).statusCode).toBe(200);
    expect((await cast.teamMember.patch(`${BASE}/client-company/${mine.pk}/update/`, { assigned_members: [] })).statusCode).toBe(403);
    expect((await cast.teamMember.patch(`${BASE}/client-company/${other.pk}/update/`, { pinned_note: 'Hi' })).statusCode).toBe(404);
    expect((await create(cast.teamMember, 'Nope')).statusCode).toBe(403);
    expect((await cast.teamMember.post(`${BASE}/client-company/${mine.pk}/disconnect/`)).statusCode).toBe(403);
  });

  it('client admins see every client and manage them, but not disconnect-all', async () => {
    const cast = await signedInCast(t.db, newClient);
    const co = (await create(cast.clientAdmin, 'By client admin')).json();
    expect(co.pk).toBeGreaterThan(0);
    expect((await cast.clientAdmin.get(`${BASE}/client-companies/list/`)).json().count).toBe(2); // plus the factory's
    expect((await cast.clientAdmin.post(`${BASE}/client-company/${co.pk}/disconnect/`)).statusCode).toBe(200);
  });

  it('client users and signed-out callers are refused every accountant endpoint', async () => {
    const cast = await signedInCast(t.db, newClient);
    const pk = cast.clientUser.companyId;
    const calls: [keyof TestClient & ('get' | 'post' | 'patch'), string, unknown?][] = [
      ['post', `${BASE}/client-companies/create/`, { name: 'X', connection_kind: 'CSV' }],
      ['get', `${BASE}/client-companies/list/`],
      ['get', `${BASE}/client-companies/csv/`],
      ['get', `${BASE}/client-company/${pk}/retrieve/`],
      ['patch', `${BASE}/client-company/${pk}/update/`, { name: 'X' }],
      ['patch', `${BASE}/client-company/${pk}/update/sync-date/`, { sync_date: null }],
      ['post', `${BASE}/client-company/${pk}/disconnect/`],
      ['post', `${BASE}/disconnect-all/`],
    ];
    for (const [method, path, body] of calls) {
      const asClient = method === 'get' ? await cast.client.get(path) : await cast.client[method](path, body);
      expect(asClient.statusCode, `${method} ${path} as client`).toBe(403);
      const anon = method === 'get' ? await cast.anonymous.get(path) : await cast.anonymous[method](path, body);
      expect(anon.statusCode, `${method} ${path} signed out`).toBe(401);
    }
  });
});
