import { eq } from 'drizzle-orm';
import type { KarbonSimulator } from '@herd/simulators';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { karbonDirectory, karbonInstances } from '../../../db/schema/index.js';
import { clientMaker } from '../../../../test/client.js';
import { signedInCast } from '../../../../test/factories.js';
import type { TestApp } from '../../../../test/harness.js';
import { pasted, startKarbonWorld } from '../../../../test/karbon.js';

let sim: KarbonSimulator;
let t: TestApp;
let cast: Awaited<ReturnType<typeof signedInCast>>;

beforeAll(async () => {
  ({ sim, t } = await startKarbonWorld({ tenants: [{ name: 'Practice One', seed: { organizations: 150, contacts: 12 } }, { name: 'Practice Two' }] }));
  cast = await signedInCast(
    t.db,
    clientMaker(() => t.app, 81),
  );
});
afterAll(async () => {
  await t?.close();
  await sim?.close();
});

const tenant = (index = 0) => sim.tenants()[index]!.tenantKey;

describe('connecting Karbon', () => {
  it('refuses keys Karbon refuses, on the field, and stores nothing', async () => {
    const refused = await cast.admin.post('integrations/karbon/instance/', { ...pasted(sim), access_key: `${pasted(sim).access_key}x` });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().access_key[0]).toContain('Karbon refused these keys');
    const malformed = await cast.admin.post('integrations/karbon/instance/', { application_id: 'not-a-guid', access_key: 'short' });
    expect(malformed.statusCode).toBe(400);
    expect(Object.keys(malformed.json()).sort()).toEqual(['access_key', 'application_id']);
    expect(await t.db.select().from(karbonInstances)).toEqual([]);
  });

  it('checks good keys with TenantSettings, keeps them sealed, subscribes the webhooks and reads every organization and contact', async () => {
    const created = await cast.admin.post('integrations/karbon/instance/', pasted(sim));
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ tenant_key: tenant(), sandbox: false, webhooks: ['Contact'], pending_events: 0, last_error: null });
    const [row] = await t.db.select().from(karbonInstances).where(eq(karbonInstances.firmId, cast.firm.firmId));
    expect(row!.applicationIdEnc).not.toContain(pasted(sim).application_id);
    expect(row!.accessKeyEnc).not.toContain(pasted(sim).access_key);
    const [subscription] = sim.webhookSubscriptions(tenant());
    expect(subscription).toMatchObject({ WebhookType: 'Contact', TargetUrl: `http://herd.test/api/v1/integrations/karbon/webhooks/${row!.webhookToken}/` });
    const directory = await t.db.select().from(karbonDirectory).where(eq(karbonDirectory.firmId, cast.firm.firmId));
    expect(directory).toHaveLength(150 + 12);
    const again = await cast.admin.post('integrations/karbon/instance/', pasted(sim));
    expect(again.statusCode).toBe(409);
  });

  it('refuses every Karbon endpoint to a team member and a client admin of the firm (403)', async () => {
    const calls: [string, string, unknown?][] = [
      ['post', 'integrations/karbon/instance/', pasted(sim)],
      ['post', 'integrations/karbon/instance/delete/', {}],
      ['post', 'integrations/karbon/sandbox/connect/', {}],
      ['get', 'integrations/karbon/settings/'],
      ['patch', 'integrations/karbon/settings/update/', {}],
      ['get', 'integrations/karbon/organizations/list/'],
      ['get', 'integrations/karbon/organizations/mappings/'],
      ['get', 'integrations/karbon/worktypes/list/'],
      ['post', 'integrations/karbon/worktypes/resync/', {}],
      ['post', 'integrations/karbon/organizations/resync/', {}],
      ['post', 'integrations/karbon/workstatuses/resync/', {}],
      ['post', 'integrations/karbon/users/resync/', {}],
    ];
    for (const person of [cast.teamMember, cast.clientAdmin])
      for (const [method, path, body] of calls) {
        const reply = method === 'get' ? await person.get(path) : method === 'patch' ? await person.patch(path, body) : await person.post(path, body);
        // A body the contract refuses is refused first (400); every other answer is the permission's.
        expect([400, 403], `${method} ${path}`).toContain(reply.statusCode);
        if (method === 'get' || path.endsWith('resync/') || path.endsWith('delete/')) expect(reply.statusCode, `${method} ${path}`).toBe(403);
      }
  });

  it('is the firm admins’ alone: other people are refused, another firm sees none of it', async () => {
    expect((await cast.teamMember.get('integrations/karbon/settings/')).statusCode).toBe(403);
    expect((await cast.clientAdmin.get('integrations/karbon/settings/')).statusCode).toBe(403);
    expect((await cast.client.get('integrations/karbon/settings/')).statusCode).toBe(403);
    expect((await cast.anonymous.get('integrations/karbon/settings/')).statusCode).toBe(401);
    expect((await cast.otherFirmAdmin.get('integrations/karbon/settings/')).json().instance).toBeNull();
    expect((await cast.otherFirmAdmin.get('integrations/karbon/organizations/list/')).statusCode).toBe(404);
    expect((await cast.otherFirmAdmin.post('integrations/karbon/instance/delete/', {})).statusCode).toBe(404);
  });

  it('pages Karbon’s organizations and contacts, searched, and reads work types, statuses and users again', async () => {
    const first = (await cast.admin.get('integrations/karbon/organizations/list/')).json();
    expect(first).toMatchObject({ count: 162, previous: null });
    expect(first.results).toHaveLength(50);
    const name = sim.organizations(tenant())[7]!.FullName as string;
    const found = (await cast.admin.get(`integrations/karbon/organizations/list/?search=${encodeURIComponent(name)}`)).json();
    expect(found.results.map((r: { name: string }) => r.name)).toContain(name);
    expect((await cast.admin.post('integrations/karbon/users/resync/', {})).json().count).toBe(sim.users(tenant()).length);
    expect((await cast.admin.post('integrations/karbon/worktypes/resync/', {})).json().count).toBe(3);
    const lists = (await cast.admin.get('integrations/karbon/worktypes/list/')).json();
    expect(lists.work_types.map((w: { name: string }) => w.name)).toEqual(['Bookkeeping', 'Tax Return', 'Client Request']);
    expect(lists.work_statuses.map((s: { name: string }) => s.name)).toContain('In Progress');
  });

  it('takes settings naming the account’s own work types, and refuses others', async () => {
    const view = (await cast.admin.get('integrations/karbon/settings/')).json();
    const bad = await cast.admin.patch('integrations/karbon/settings/update/', { ...view.settings, work_item_on_request_sent: true, work_type: 'Audit' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().work_type[0]).toContain('work types');
    const noUser = await cast.admin.patch('integrations/karbon/settings/update/', { ...view.settings, assignee: 'USER', assignee_email: null });
    expect(noUser.json().assignee_email).toBeDefined();
    const good = await cast.admin.patch('integrations/karbon/settings/update/', {
      ...view.settings,
      work_item_on_request_sent: true,
      work_type: 'Client Request',
      work_status: 'Planned',
    });
    expect(good.json().settings).toMatchObject({ work_item_on_request_sent: true, work_type: 'Client Request', work_status: 'Planned' });
  });

  it('disconnects: Karbon’s webhooks are cancelled and the keys forgotten', async () => {
    expect((await cast.admin.post('integrations/karbon/instance/delete/', {})).statusCode).toBe(204);
    expect(sim.webhookSubscriptions(tenant())).toEqual([]);
    expect(await t.db.select().from(karbonInstances).where(eq(karbonInstances.firmId, cast.firm.firmId))).toEqual([]);
    expect((await cast.admin.get('integrations/karbon/settings/')).json().instance).toBeNull();
  });
});
