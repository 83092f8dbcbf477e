import { describe, expect, it } from 'vitest';
import { apiClient, connectedSimulator, obj } from './test-support.js';

const vendor = (name: string) => ({ DisplayName: name });
const vendorsNamed = (sim: Awaited<ReturnType<typeof connectedSimulator>>['sim'], realmId: string, name: string) =>
  sim.listEntities(realmId, 'Vendor').filter((v) => v.DisplayName === name);

describe('a write repeated with the same requestid', () => {
  it('gets the first answer again and writes nothing more', async () => {
    const { sim, realmId, api } = await connectedSimulator();
    const first = await api.post('/vendor?requestid=r-1&minorversion=75', vendor('Once Only Ltd'));
    const again = await api.post('/vendor?requestid=r-1&minorversion=75', vendor('Once Only Ltd'));
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(vendorsNamed(sim, realmId, 'Once Only Ltd')).toHaveLength(1);

    // Another id is another write: here refused, since the name is now taken.
    const other = await api.post('/vendor?requestid=r-2', vendor('Once Only Ltd'));
    expect(other.status).toBe(400);
  });

  it('repeats a refusal as it was, even when the same write would now succeed', async () => {
    const { sim, realmId, api } = await connectedSimulator();
    const created = obj((await api.post('/vendor', vendor('Stale Token Co'))).body.Vendor);
    const update = { Id: created.Id, SyncToken: '0', DisplayName: 'Renamed Co', sparse: true };
    expect((await api.post('/vendor?requestid=u-1', update)).status).toBe(200);
    const stale = await api.post('/vendor?requestid=u-2', { ...update, DisplayName: 'Renamed Again Co' });
    expect(stale.status).toBe(400);
    const repeat = await api.post('/vendor?requestid=u-2', { ...update, SyncToken: '1', DisplayName: 'Renamed Again Co' });
    expect(repeat.status).toBe(400);
    expect(repeat.body).toEqual(stale.body);
    expect(sim.listEntities(realmId, 'Vendor').find((v) => v.Id === created.Id)?.DisplayName).toBe('Renamed Co');
  });

  it('handles the retry of a request the gateway turned away as a new one', async () => {
    const { sim, realmId, api } = await connectedSimulator();
    sim.failNext(realmId, 'serverError');
    expect((await api.post('/vendor?requestid=after-outage', vendor('Retried Ltd'))).status).toBe(500);
    const retry = await api.post('/vendor?requestid=after-outage', vendor('Retried Ltd'));
    expect(retry.status).toBe(200);
    expect(vendorsNamed(sim, realmId, 'Retried Ltd')).toHaveLength(1);
  });

  it('is kept per company: the same id in another realm is another write', async () => {
    const { sim, realmId, api } = await connectedSimulator();
    await api.post('/vendor?requestid=shared', vendor('Realm One Ltd'));
    const second = sim.addCompany().realmId;
    const other = apiClient(sim, second, sim.connect(second).access_token);
    const answer = await other.post('/vendor?requestid=shared', vendor('Realm Two Ltd'));
    expect(obj(answer.body.Vendor).DisplayName).toBe('Realm Two Ltd');
    expect(vendorsNamed(sim, second, 'Realm Two Ltd')).toHaveLength(1);
    expect(vendorsNamed(sim, realmId, 'Realm Two Ltd')).toHaveLength(0);
  });
});
