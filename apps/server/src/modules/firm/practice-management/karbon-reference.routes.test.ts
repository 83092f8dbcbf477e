import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { karbonDirectory, karbonInstances } from '../../../db/schema/index.js';
import { clientMaker } from '../../../../test/client.js';
import { signedInCast } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { startDocumentedKarbon, type DocumentedKarbon } from '../../../../test/karbon-reference.js';

/** Connecting Herd to a Karbon that answers exactly as Karbon's API reference documents (its own examples). */
let karbon: DocumentedKarbon;
let t: TestApp;
let cast: Awaited<ReturnType<typeof signedInCast>>;
const keys = { application_id: '550e8400-e29b-41d4-a716-446655440000', access_key: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl' };

beforeAll(async () => {
  karbon = await startDocumentedKarbon();
  t = await createTestApp({ karbonBaseUrl: karbon.url });
  cast = await signedInCast(
    t.db,
    clientMaker(() => t.app, 83),
  );
});
afterAll(async () => {
  await t?.close();
  await karbon?.close();
});

describe('connecting to Karbon as its reference documents it', () => {
  it('refuses a TenantSettings answer Herd cannot read with a clear 502, and saves nothing', async () => {
    const documented = await fetch(`${karbon.url}/v3/TenantSettings`).then((r) => r.json() as Promise<Record<string, unknown>>);
    karbon.answer('GET', '/v3/TenantSettings', { ...documented, WorkStatuses: 'InProgress' });
    const refused = await cast.admin.post('integrations/karbon/instance/', keys);
    expect(refused.statusCode).toBe(502);
    expect(refused.json().detail).toBe(
      "Karbon answered GET /v3/TenantSettings in a shape Herd does not understand: WorkStatuses is not a list. Nothing was saved; Herd's support can tell what changed.",
    );
    expect(await t.db.select().from(karbonInstances)).toEqual([]);
    karbon.answer('GET', '/v3/TenantSettings', documented);
  });

  it('connects against the documented TenantSettings (it failed with a 500 before) and keeps its work types and statuses', async () => {
    const created = await cast.admin.post('integrations/karbon/instance/', keys);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ tenant_key: '2BzmMRkhbwBT', webhooks: ['Contact'], last_error: null });
    const lists = (await cast.admin.get('integrations/karbon/worktypes/list/')).json();
    expect(lists.work_types).toEqual([
      { key: 'nTlQkTQnNz7', name: 'Accounting', statuses: ['In Progress', 'Ready To Start', 'Waiting', 'Completed'] },
      { key: '3RJgJSgq5xz', name: 'Bookkeeping', statuses: ['In Progress', 'Ready To Start', 'Waiting', 'Completed'] },
    ]);
    expect(lists.work_statuses).toContainEqual({ name: 'In Progress - Review', type: 'Secondary' });
    expect(lists.users).toEqual([{ id: '4LR9qmR5NQ6T', name: 'Joe Min', email: 'joe@samplecompany.com', member: false }]);
    const directory = await t.db.select().from(karbonDirectory).where(eq(karbonDirectory.firmId, cast.firm.firmId));
    // The reference's two list examples share one key; Karbon's keys are unique across both kinds, so Herd keeps the last read.
    expect(directory.map(({ key, type, name, email }) => ({ key, type, name, email }))).toEqual([
      { key: '29YXnqWcqCf3', type: 'Contact', name: 'William John Connor', email: 'william.connor@samplecompany.com' },
    ]);
  });

  it('takes a secondary status only with a work type that keeps it (Karbon drops it otherwise)', async () => {
    const view = (await cast.admin.get('integrations/karbon/settings/')).json();
    const settings = { ...view.settings, work_item_on_request_sent: true };
    // "Review" (2mwflHRTqsdv) is kept by Accounting only.
    const elsewhere = await cast.admin.patch('integrations/karbon/settings/update/', { ...settings, work_type: 'Bookkeeping', work_status: 'In Progress - Review' });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().work_status[0]).toBe('Karbon keeps “Review” only on some work types, and not on Bookkeeping: choose another status or work type.');
    const noType = await cast.admin.patch('integrations/karbon/settings/update/', { ...settings, work_type: null, work_status: 'In Progress - Review' });
    expect(noType.json().work_status[0]).toContain('choose the work type too');
    const good = await cast.admin.patch('integrations/karbon/settings/update/', { ...settings, work_type: 'Accounting', work_status: 'In Progress - Review' });
    expect(good.statusCode, good.body).toBe(200);
    const primary = await cast.admin.patch('integrations/karbon/settings/update/', { ...settings, work_type: null, work_status: 'Ready To Start' });
    expect(primary.statusCode, primary.body).toBe(200);
  });
});
