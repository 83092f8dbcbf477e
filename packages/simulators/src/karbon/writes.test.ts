import { describe, expect, it } from 'vitest';
import { connected } from './test-support.js';

describe('Contacts and Organizations', () => {
  it('creates, reads, replaces and patches a contact; FirstName and LastName are required', async () => {
    const { api, sim, tenant } = await connected();
    const created = await api.post('/Contacts', { FirstName: 'Rita', LastName: 'Moreno', EmailAddress: 'rita@example.com', ContactType: 'Client' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ FullName: 'Rita Moreno', ContactKey: expect.stringMatching(/^[A-Za-z0-9]{12}$/), LastModifiedDateTime: expect.any(String) });
    const key = String(created.body.ContactKey);
    expect((await api.get(`/Contacts/${key}`)).body).toEqual(created.body);
    const missing = await api.post('/Contacts', { FirstName: 'Only' });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ error: { code: '4005', message: 'Required payload data is missing: LastName' } });
    const patched = await api.patch(`/Contacts/${key}`, { LastName: 'Moreno-Smith' });
    expect(patched.body).toMatchObject({ FullName: 'Rita Moreno-Smith', EmailAddress: 'rita@example.com' });
    // PUT replaces: fields it leaves out are gone.
    const replaced = await api.put(`/Contacts/${key}`, { FirstName: 'Rita', LastName: 'M' });
    expect(replaced.status).toBe(200);
    expect(replaced.body.EmailAddress).toBeUndefined();
    expect((await api.put(`/Contacts/${key}`, { FirstName: 'Rita' })).status).toBe(400);
    expect((await api.patch(`/Contacts/${key}`, { Nonsense: 1 })).status).toBe(400);
    expect((await api.get('/Contacts/NOPE')).body).toEqual({ error: { code: '4004', message: 'No Contact found for provided key' } });
    expect(sim.contacts(tenant).find((c) => c.ContactKey === key)?.FullName).toBe('Rita M');
  });

  it('creates and updates organizations; FullName is required', async () => {
    const { api, sim, tenant } = await connected();
    expect((await api.post('/Organizations', { EmailAddress: 'x@y.z' })).status).toBe(400);
    const created = await api.post('/Organizations', { FullName: 'Acme Pty', UserDefinedIdentifier: 'HERD-1' });
    expect(created.status).toBe(201);
    const key = String(created.body.OrganizationKey);
    sim.advanceClock(60_000);
    const patched = await api.patch(`/Organizations/${key}`, { EmailAddress: 'hi@acme.example' });
    expect(patched.body).toMatchObject({ FullName: 'Acme Pty', EmailAddress: 'hi@acme.example', UserDefinedIdentifier: 'HERD-1' });
    expect(Date.parse(String(patched.body.LastModifiedDateTime))).toBeGreaterThan(Date.parse(String(created.body.LastModifiedDateTime)));
    expect((await api.put(`/Organizations/${key}`, { FullName: 'Acme Holdings' })).body.UserDefinedIdentifier).toBeUndefined();
    expect((await api.get('/Organizations/missing')).status).toBe(404);
    expect(sim.organizations(tenant).at(-1)?.FullName).toBe('Acme Holdings');
  });
});

describe('WorkItems', () => {
  const valid = (clientKey: string, email: string) => ({
    Title: 'Monthly books',
    AssigneeEmailAddress: email,
    ClientKey: clientKey,
    ClientType: 'Organization',
    StartDate: '2026-06-02T00:00:00Z',
    WorkType: 'Bookkeeping',
    PrimaryStatus: 'Ready To Start',
    FeeSettings: { FeeType: 'FixedFee', FeeValue: 250 },
  });

  it('creates a work item with 201 and the derived fields, and validates as §4 says', async () => {
    const { api, sim, tenant } = await connected();
    const org = sim.organizations(tenant)[0];
    const user = sim.users(tenant)[0];
    const body = valid(String(org?.OrganizationKey), String(user?.EmailAddress));
    const created = await api.post('/WorkItems', body);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      WorkItemKey: expect.any(String),
      AssigneeKey: user?.Id,
      ClientName: org?.FullName,
      WorkType: 'Bookkeeping',
      PrimaryStatus: 'ReadyToStart',
    });
    expect((await api.get(`/WorkItems/${String(created.body.WorkItemKey)}`)).body).toEqual(created.body);

    for (const field of ['Title', 'AssigneeEmailAddress', 'ClientKey', 'ClientType', 'StartDate']) {
      const without: Record<string, unknown> = { ...body };
      delete without[field];
      const refused = await api.post('/WorkItems', without);
      expect(refused.status, field).toBe(400);
      expect(refused.body, field).toMatchObject({ error: { code: '4005' } });
    }
    const bad = async (change: Record<string, unknown>) => (await api.post('/WorkItems', { ...body, ...change })).status;
    expect(await bad({ ClientType: 'Person' })).toBe(400);
    expect(await bad({ ClientType: 'Contact' })).toBe(404);
    expect(await bad({ StartDate: '2026-06-02' })).toBe(400);
    expect(await bad({ WorkType: 'Audit' })).toBe(400);
    expect(await bad({ AssigneeEmailAddress: 'nobody@nowhere.example' })).toBe(400);
    expect(await bad({ FeeSettings: { FeeType: 'TimeAndMaterials', FeeValue: 10 } })).toBe(400);
    expect(await bad({ FeeSettings: { FeeType: 'TimeAndMaterials', FeeValue: null } })).toBe(201);
    expect(await bad({ PrimaryStatus: 'InProgress' })).toBe(201);
    expect(await bad({ PrimaryStatus: 'Sleeping' })).toBe(400);
  });

  it('patches only the allowed fields', async () => {
    const { api, sim, tenant } = await connected();
    const item = sim.workItems(tenant)[0];
    const key = String(item?.WorkItemKey);
    const other = sim.users(tenant)[2];
    const patched = await api.patch(`/WorkItems/${key}`, { Title: 'Renamed', AssigneeEmailAddress: other?.EmailAddress, DueDate: '2026-07-01T00:00:00Z' });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ Title: 'Renamed', AssigneeKey: other?.Id, DueDate: '2026-07-01T00:00:00Z', ClientKey: item?.ClientKey });
    const refused = await api.patch(`/WorkItems/${key}`, { PrimaryStatus: 'Completed' });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: { code: '4002' } });
    expect((await api.patch('/WorkItems/none', { Title: 'x' })).status).toBe(404);
  });
});

describe('Notes', () => {
  it('creates a note on an organization’s timeline and refuses a missing field or unknown entity', async () => {
    const { api, sim, tenant } = await connected();
    const org = sim.organizations(tenant)[2];
    const note = {
      Subject: 'Transactions answered',
      Body: '<p>Done</p>',
      AuthorEmailAddress: 'herd@firm.example',
      Timelines: [{ EntityType: 'Organization', EntityKey: org?.OrganizationKey }],
    };
    const created = await api.post('/Notes', note);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ ...note, Id: expect.any(String), CreatedDate: '2026-06-01T12:00:00Z' });
    expect(sim.notes(tenant).at(-1)?.Id).toBe(created.body.Id);
    expect((await api.post('/Notes', { ...note, Body: undefined })).status).toBe(400);
    expect((await api.post('/Notes', { ...note, Timelines: [{ EntityType: 'Contact', EntityKey: 'nope' }] })).status).toBe(404);
    expect((await api.post('/Notes', { ...note, Timelines: [{ EntityType: 'Invoice', EntityKey: 'x' }] })).status).toBe(400);
  });
});
