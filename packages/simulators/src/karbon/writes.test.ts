import { describe, expect, it } from 'vitest';
import { connected, expectRefusedOutsideContract, rows } from './test-support.js';

describe('Contacts and Organizations', () => {
  it('creates, reads, replaces and patches a contact; FirstName and LastName are required', async () => {
    const { api, sim, tenant } = await connected();
    const card = { IsPrimaryCard: true, EmailAddresses: ['rita@example.com'] };
    const created = await api.post('/Contacts', { FirstName: 'Rita', LastName: 'Moreno', ContactType: 'Client', BusinessCards: [card] });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      '@odata.type': '#KarbonService.ContactDTO',
      ContactKey: expect.stringMatching(/^[A-Za-z0-9]{12}$/),
      FirstName: 'Rita',
      LastName: 'Moreno',
      RestrictionLevel: 'Public',
      LastModifiedDateTime: expect.any(String),
    });
    // A single contact has its names, not FullName; its email is on its business card.
    expect(created.body.FullName).toBeUndefined();
    const key = String(created.body.ContactKey);
    expect((await api.get(`/Contacts/${key}`)).body).toEqual(created.body);
    const expanded = await api.get(`/Contacts/${key}?$expand=BusinessCards`);
    expect(expanded.body.BusinessCards).toEqual([
      expect.objectContaining({ EntityType: 'Contact', EntityKey: key, IsPrimaryCard: true, EmailAddresses: ['rita@example.com'] }),
    ]);
    expectRefusedOutsideContract(await api.post('/Contacts', { FirstName: 'Only' }), 'POST /v3/Contacts', /required property 'LastName'/);

    const patched = await api.patch(`/Contacts/${key}`, { LastName: 'Moreno-Smith' });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ FirstName: 'Rita', LastName: 'Moreno-Smith' });
    expect(sim.contacts(tenant).find((c) => c.ContactKey === key)).toMatchObject({ FullName: 'Rita Moreno-Smith', EmailAddress: 'rita@example.com' });
    // PUT replaces (204, no body): fields it leaves out are gone, the card's email too.
    const replaced = await api.put(`/Contacts/${key}`, { FirstName: 'Rita', LastName: 'M' });
    expect(replaced.status).toBe(204);
    expect(sim.contacts(tenant).find((c) => c.ContactKey === key)?.EmailAddress).toBeUndefined();
    expect(sim.contacts(tenant).find((c) => c.ContactKey === key)?.FullName).toBe('Rita M');
    expectRefusedOutsideContract(await api.put(`/Contacts/${key}`, { FirstName: 'Rita' }), `PUT /v3/Contacts/${key}`, /required property 'LastName'/);
    expectRefusedOutsideContract(await api.patch(`/Contacts/${key}`, { Nonsense: 1 }), `PATCH /v3/Contacts/${key}`, /"Nonsense"/);
    expect((await api.get('/Contacts/NOPE')).body).toEqual({ error: { code: '4004', message: 'No Contact found for provided key' } });
  });

  it('creates and updates organizations; FullName is required', async () => {
    const { api, sim, tenant } = await connected();
    expectRefusedOutsideContract(await api.post('/Organizations', { UserDefinedIdentifier: 'X' }), 'POST /v3/Organizations', /required property 'FullName'/);
    const created = await api.post('/Organizations', { FullName: 'Acme Pty', UserDefinedIdentifier: 'HERD-1' });
    expect(created.status).toBe(201);
    const key = String(created.body.OrganizationKey);
    sim.advanceClock(60_000);
    const patched = await api.patch(`/Organizations/${key}`, { FullName: 'Acme Pty Ltd' });
    expect(patched.body).toMatchObject({ FullName: 'Acme Pty Ltd', UserDefinedIdentifier: 'HERD-1', RestrictionLevel: 'Public' });
    expect(Date.parse(String(patched.body.LastModifiedDateTime))).toBeGreaterThan(Date.parse(String(created.body.LastModifiedDateTime)));
    // PATCH takes only FullName in the reference (an email is a business card's).
    expectRefusedOutsideContract(await api.patch(`/Organizations/${key}`, { EmailAddress: 'hi@acme.example' }), `PATCH /v3/Organizations/${key}`, /"EmailAddress"/);
    expect((await api.put(`/Organizations/${key}`, { FullName: 'Acme Holdings' })).status).toBe(204);
    // The reference requires UserDefinedIdentifier on a single organization: empty once it is gone.
    expect((await api.get(`/Organizations/${key}`)).body).toMatchObject({ FullName: 'Acme Holdings', UserDefinedIdentifier: '' });
    expect((await api.get('/Organizations/missing')).status).toBe(404);
    expect(sim.organizations(tenant).at(-1)?.FullName).toBe('Acme Holdings');
  });

  it('lists summaries: email and phone flat on each, with the OData type', async () => {
    const { api, sim, tenant } = await connected();
    const [first] = rows((await api.get('/Contacts?$top=1')).body);
    const stored = sim.contacts(tenant)[0];
    expect(first).toEqual({
      '@odata.type': '#KarbonService.ContactSummaryDTO',
      ContactKey: stored?.ContactKey,
      FullName: stored?.FullName,
      EmailAddress: stored?.EmailAddress,
      ContactType: stored?.ContactType,
      UserDefinedIdentifier: stored?.UserDefinedIdentifier,
      LastModifiedDateTime: stored?.LastModifiedDateTime,
    });
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
    PrimaryStatus: 'ReadyToStart',
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
      '@odata.type': '#KarbonService.WorkItemDTO',
      WorkItemKey: expect.any(String),
      AssigneeKey: user?.Id,
      ClientName: org?.FullName,
      WorkType: 'Bookkeeping',
      PrimaryStatus: 'ReadyToStart',
      FeeSettings: { FeeType: 'FixedFee', FeeValue: 250 },
    });
    // Fields with no value are left out, never null: the reference types them as strings.
    expect(created.body.DueDate).toBeUndefined();
    expect((await api.get(`/WorkItems/${String(created.body.WorkItemKey)}`)).body).toEqual(created.body);

    for (const field of ['Title', 'AssigneeEmailAddress', 'ClientKey', 'ClientType', 'StartDate']) {
      const without: Record<string, unknown> = { ...body };
      delete without[field];
      expectRefusedOutsideContract(await api.post('/WorkItems', without), 'POST /v3/WorkItems', new RegExp(`required property '${field}'`));
    }
    const bad = async (change: Record<string, unknown>) => (await api.post('/WorkItems', { ...body, ...change })).status;
    expectRefusedOutsideContract(await api.post('/WorkItems', { ...body, ClientType: 'Person' }), 'POST /v3/WorkItems', /ClientType must be one of/);
    expect(await bad({ ClientType: 'Contact' })).toBe(404);
    expect(await bad({ StartDate: '2026-06-02' })).toBe(400);
    expect(await bad({ WorkType: 'Audit' })).toBe(400);
    expect(await bad({ AssigneeEmailAddress: 'nobody@nowhere.example' })).toBe(400);
    expect(await bad({ FeeSettings: { FeeType: 'TimeAndMaterials', FeeValue: 10 } })).toBe(400);
    expect(await bad({ FeeSettings: { FeeType: 'TimeAndMaterials', FeeValue: null } })).toBe(201);
    expect(await bad({ PrimaryStatus: 'InProgress' })).toBe(201);
    expectRefusedOutsideContract(await api.post('/WorkItems', { ...body, PrimaryStatus: 'Sleeping' }), 'POST /v3/WorkItems', /PrimaryStatus must be one of/);
  });

  it('keeps a SecondaryStatus only under its primary status and a work type that has it, dropping it silently otherwise', async () => {
    const { api, sim, tenant } = await connected();
    const body = valid(String(sim.organizations(tenant)[0]?.OrganizationKey), String(sim.users(tenant)[0]?.EmailAddress));
    const kept = await api.post('/WorkItems', { ...body, PrimaryStatus: 'InProgress', SecondaryStatus: 'In review' });
    expect(kept.body).toMatchObject({ PrimaryStatus: 'InProgress', SecondaryStatus: 'In review' });
    // Tax Return keeps only "In review"; "With client" is another type's.
    const otherType = await api.post('/WorkItems', { ...body, WorkType: 'Tax Return', PrimaryStatus: 'InProgress', SecondaryStatus: 'With client' });
    expect(otherType.status).toBe(201);
    expect(otherType.body.SecondaryStatus).toBeUndefined();
    const otherPrimary = await api.post('/WorkItems', { ...body, PrimaryStatus: 'Waiting', SecondaryStatus: 'In review' });
    expect(otherPrimary.body.SecondaryStatus).toBeUndefined();
  });

  it('patches only the allowed fields', async () => {
    const { api, sim, tenant } = await connected();
    const item = sim.workItems(tenant)[0];
    const key = String(item?.WorkItemKey);
    const other = sim.users(tenant)[2];
    const patched = await api.patch(`/WorkItems/${key}`, { Title: 'Renamed', AssigneeEmailAddress: other?.EmailAddress });
    expect(patched.status).toBe(204);
    expect((await api.get(`/WorkItems/${key}`)).body).toMatchObject({ Title: 'Renamed', AssigneeKey: other?.Id, ClientKey: item?.ClientKey });
    expectRefusedOutsideContract(await api.patch(`/WorkItems/${key}`, { PrimaryStatus: 'Completed' }), `PATCH /v3/WorkItems/${key}`, /"PrimaryStatus"/);
    expect(await api.patch('/WorkItems/none', { Title: 'x' })).toMatchObject({
      status: 404,
      body: { statusCode: '404', message: 'No Work Item found for provided key' },
    });
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
    expect(created.body).toMatchObject({ ...note, Id: expect.any(String), AssigneeEmailAddress: '', Comments: [] });
    expect((await api.get(`/Notes/${String(created.body.Id)}`)).body).toEqual(created.body);
    expect(sim.notes(tenant).at(-1)).toMatchObject({ Id: created.body.Id, CreatedDate: '2026-06-01T12:00:00Z' });
    expectRefusedOutsideContract(await api.post('/Notes', { ...note, Body: undefined }), 'POST /v3/Notes', /required property 'Body'/);
    expect((await api.post('/Notes', { ...note, Timelines: [{ EntityType: 'Contact', EntityKey: 'nope' }] })).status).toBe(404);
    expectRefusedOutsideContract(
      await api.post('/Notes', { ...note, Timelines: [{ EntityType: 'Invoice', EntityKey: 'x' }] }),
      'POST /v3/Notes',
      /EntityType must be one of/,
    );
  });
});
