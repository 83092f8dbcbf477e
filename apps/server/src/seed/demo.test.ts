import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../../test/client.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { DEMO, countUsers, decideDemoSeed, seedDemo } from './demo.js';

describe('decideDemoSeed', () => {
  it('seeds an empty embedded database unless turned off', () => {
    expect(decideDemoSeed('auto', false, 0)).toBe('seed');
    expect(decideDemoSeed('off', false, 0)).toBe('skip-disabled');
  });
  it('never seeds a database that has users', () => {
    expect(decideDemoSeed('auto', false, 3)).toBe('skip-not-empty');
    expect(decideDemoSeed('on', true, 3)).toBe('skip-not-empty');
  });
  it('seeds an external PostgreSQL only with DEMO_DATA=on', () => {
    expect(decideDemoSeed('auto', true, 0)).toBe('skip-external-db');
    expect(decideDemoSeed('on', true, 0)).toBe('seed');
  });
});

describe('seedDemo', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seedDemo(t.db);
  });
  afterAll(async () => t?.close());

  it('creates the demo accountant, who signs in to Demo Bookkeeping as FIRM_ADMIN', async () => {
    const res = await new TestClient(t.app).post('users/login/', { email: DEMO.accountantEmail, password: DEMO.password });
    expect(res.statusCode).toBe(200);
    expect(res.json().accountant_company_user).toMatchObject({ role: 'FIRM_ADMIN', company: { company_name: 'Demo Bookkeeping' } });
  });

  it('creates the demo client of a company of that firm', async () => {
    const res = await new TestClient(t.app, '10.9.9.9').post('users/login/', { email: DEMO.clientEmail, password: DEMO.password });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ account_type: 'CLIENT', client_firm: { company_name: 'Demo Bookkeeping' } });
    expect(await countUsers(t.db)).toBe(2);
  });
});
