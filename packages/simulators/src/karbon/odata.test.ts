import { describe, expect, it } from 'vitest';
import { connected, expectRefusedOutsideContract, rows } from './test-support.js';

const q = (text: string) => encodeURIComponent(text);

describe('OData lists', () => {
  it('walks 150 organizations by following @odata.nextLink as-is', async () => {
    const { api, sim, tenant } = await connected({ tenants: [{ seed: { organizations: 150 } }] });
    const first = await api.get('/Organizations');
    expect(first.body['@odata.count']).toBe(150);
    expect(first.body['@odata.context']).toBe(`${sim.url}/v3/$metadata#Organizations`);
    expect(rows(first.body)).toHaveLength(100);
    const next = first.body['@odata.nextLink'];
    expect(typeof next === 'string' && next.startsWith(`${sim.url}/v3/Organizations?`)).toBe(true);
    const second = await api.get(String(next));
    expect(rows(second.body)).toHaveLength(50);
    expect(second.body['@odata.nextLink']).toBeUndefined();
    const keys = [...rows(first.body), ...rows(second.body)].map((row) => row.OrganizationKey);
    expect(keys).toEqual(sim.organizations(tenant).map((org) => org.OrganizationKey));
    expect(new Set(keys).size).toBe(150);
  });

  it('caps $top at 100 silently and keeps $top and $filter in nextLink', async () => {
    const { api } = await connected({ tenants: [{ seed: { organizations: 150 } }] });
    const capped = await api.get('/Organizations?$top=500');
    expect(capped.status).toBe(200);
    expect(rows(capped.body)).toHaveLength(100);
    const pages: number[] = [];
    let url: string | undefined = `/Organizations?$top=40&$filter=${q("ContactType eq 'Client'")}`;
    while (url) {
      const page = await api.get(url);
      pages.push(rows(page.body).length);
      expect(rows(page.body).every((row) => row.ContactType === 'Client')).toBe(true);
      url = page.body['@odata.nextLink'] as string | undefined;
    }
    expect(pages).toEqual([40, 40, 40]);
    expectRefusedOutsideContract(await api.get('/Organizations?$skip=-1'), 'GET /v3/Organizations', /"\$skip".* must be >= 0/);
  });

  it('filters with eq, contains, and, in and date comparisons, and orders', async () => {
    const { api, sim, tenant } = await connected({ tenants: [{ seed: { organizations: 30, contacts: 30 } }] });
    const org = sim.organizations(tenant)[7];
    const byEmail = await api.get(`/Organizations?$filter=${q(`EmailAddress eq '${String(org?.EmailAddress).toUpperCase()}'`)}`);
    expect(rows(byEmail.body).map((row) => row.OrganizationKey)).toEqual([org?.OrganizationKey]);
    const contains = rows((await api.get(`/Organizations?$filter=${q("contains(FullName,'Smith') and ContactType eq 'Client'")}`)).body);
    expect(contains.length).toBeGreaterThan(0);
    expect(contains.every((row) => String(row.FullName).includes('Smith') && row.ContactType === 'Client')).toBe(true);
    const inList = rows((await api.get(`/Organizations?$filter=${q("UserDefinedIdentifier in ('ORG-0001','ORG-0003')")}`)).body);
    expect(inList.map((row) => row.UserDefinedIdentifier)).toEqual(['ORG-0001', 'ORG-0003']);
    // Seeded stamps step back an hour each from the start (12:00): the first 5 are at or after 07:00.
    const recent = rows((await api.get(`/Contacts?$filter=${q('LastModifiedDateTime ge 2026-06-01T07:00:00Z')}`)).body);
    expect(recent).toHaveLength(5);
    const older = rows((await api.get(`/Contacts?$filter=${q('LastModifiedDateTime lt 2026-06-01T07:00:00Z')}&$top=100`)).body);
    expect(older).toHaveLength(25);
    const ordered = rows((await api.get('/Organizations?$orderby=FullName desc')).body).map((row) => String(row.FullName).toLowerCase());
    expect(ordered).toEqual([...ordered].sort().reverse());
    const bad = await api.get(`/Organizations?$filter=${q("Website eq 'x'")}`);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: { code: '4002' } });
    expect((await api.get(`/Organizations?$filter=${q("FullName eq 'a' or FullName eq 'b'")}`)).status).toBe(400);
    expectRefusedOutsideContract(await api.get('/Organizations?$orderby=Nope'), 'GET /v3/Organizations', /"\$orderby".* must be one of/);
  });

  it('filters users by Name and EmailAddress and work items by StartDate', async () => {
    const { api, sim, tenant } = await connected();
    const user = sim.users(tenant)[1];
    const users = rows((await api.get(`/Users?$filter=${q(`EmailAddress eq '${String(user?.EmailAddress)}'`)}`)).body);
    expect(users).toEqual([{ Id: user?.Id, Name: user?.Name, EmailAddress: user?.EmailAddress }]);
    expect(rows((await api.get(`/Users?$filter=${q(`contains(Name,'${String(user?.Name).split(' ')[0] ?? ''}')`)}`)).body)).toHaveLength(1);
    expect((await api.get(`/Users/${String(user?.Id)}`)).body).toEqual(user);
    expect((await api.get('/Users/nope')).status).toBe(404);
    const all = sim.workItems(tenant);
    const cut = '2026-05-27T12:00:00Z';
    const later = rows((await api.get(`/WorkItems?$filter=${q(`StartDate ge ${cut}`)}`)).body);
    expect(later.length).toBe(all.filter((item) => Date.parse(String(item.StartDate)) >= Date.parse(cut)).length);
    expect(later.length).toBeGreaterThan(0);
    expect(later.length).toBeLessThan(all.length);
  });
});
