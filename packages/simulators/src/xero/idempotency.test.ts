import { describe, expect, it } from 'vitest';
import { connectedSimulator, list } from './test-support.js';

const contact = (Name: string) => ({ Contacts: [{ Name, IsCustomer: true }] });

describe('Idempotency-Key', () => {
  it('answers a repeat of the same key and body with the first answer and writes once', async () => {
    const { sim, api, tenantId } = await connectedSimulator({ organisations: [{ transactions: 1 }] });
    const before = sim.listEntities(tenantId, 'Contacts').length;
    const first = await api.put('/Contacts', contact('Once Only Ltd'), { 'idempotency-key': 'key-1' });
    const again = await api.put('/Contacts', contact('Once Only Ltd'), { 'idempotency-key': 'key-1' });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(sim.listEntities(tenantId, 'Contacts')).toHaveLength(before + 1);
    // Another key is another write (here refused: the name is taken).
    expect((await api.put('/Contacts', contact('Once Only Ltd'), { 'idempotency-key': 'key-2' })).status).toBe(400);
  });

  it('refuses the same key with another body, and keys longer than 128 characters', async () => {
    const { api } = await connectedSimulator({ organisations: [{ transactions: 1 }] });
    await api.put('/Contacts', contact('First Body Ltd'), { 'idempotency-key': 'key-3' });
    expect((await api.put('/Contacts', contact('Second Body Ltd'), { 'idempotency-key': 'key-3' })).status).toBe(400);
    expect((await api.put('/Contacts', contact('Long Key Ltd'), { 'idempotency-key': 'k'.repeat(129) })).status).toBe(400);
  });

  it('forgets keys after 24 hours of simulated time', async () => {
    const { sim, api, tenantId } = await connectedSimulator({ organisations: [{ transactions: 1 }] });
    await api.put('/Contacts', contact('Day One Ltd'), { 'idempotency-key': 'key-4' });
    sim.advanceClock(24 * 3600_000);
    const tokens = sim.connect(tenantId);
    const later = await fetch(`${sim.url}/api.xro/2.0/Contacts`, {
      method: 'PUT',
      headers: {
        authorization: `Bearer ${tokens.access_token}`,
        'xero-tenant-id': tenantId,
        accept: 'application/json',
        'content-type': 'application/json',
        'idempotency-key': 'key-4',
      },
      body: JSON.stringify(contact('Day One Ltd')),
    });
    // The key is forgotten, so this is a second write, refused for the duplicate name.
    expect(later.status).toBe(400);
  });

  it('does not remember a failed attempt: the retry after a 500 acts', async () => {
    const { sim, api, tenantId } = await connectedSimulator({ organisations: [{ transactions: 1 }] });
    sim.failNext(tenantId, 'serverError');
    expect((await api.put('/Contacts', contact('Retry Ltd'), { 'idempotency-key': 'key-5' })).status).toBe(500);
    const retry = await api.put('/Contacts', contact('Retry Ltd'), { 'idempotency-key': 'key-5' });
    expect(list(retry.body.Contacts)[0]).toMatchObject({ Name: 'Retry Ltd' });
  });
});
