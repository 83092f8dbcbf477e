import { describe, expect, it } from 'vitest';
import { createKarbonControl } from './control.js';
import { restoreKarbonState, snapshotKarbonState } from './snapshot.js';
import { createKarbonState, type KarbonSimulatorOptions } from './state.js';

const OPTIONS: KarbonSimulatorOptions = { tenants: [{ name: 'Firm 1 practice (sandbox)', seed: { users: 1, organizations: 2, contacts: 2, workItems: 1, notes: 1 } }] };

describe('a Karbon simulator saved and restored', () => {
  it('keeps each account whole: its keys, records, files and webhook subscriptions, and its perma keys go on', () => {
    const state = createKarbonState(OPTIONS);
    const control = createKarbonControl(state);
    const [keys] = control.tenants();
    const tenant = keys!.tenantKey;
    const org = control.addOrganization(tenant, { FullName: 'Kept Bakery' });
    control.addFile(tenant, {
      entityType: 'Organization',
      entityKey: String(org.OrganizationKey),
      fileName: 'a.pdf',
      mimeType: 'application/pdf',
      bytes: Buffer.from([9, 0, 255]),
    });
    state.webhooks.subscribe(tenant, { WebhookType: 'Contact', TargetUrl: 'https://herd.test/hook', SigningKey: 'signing-key' });

    const restored = restoreKarbonState(OPTIONS, JSON.parse(JSON.stringify(snapshotKarbonState(state))));
    const again = createKarbonControl(restored);
    expect(again.tenants()).toEqual(control.tenants());
    expect(restored.authenticate(keys!.applicationId, keys!.accessKey)?.tenantKey).toBe(tenant);
    for (const list of ['organizations', 'contacts', 'users', 'workItems', 'notes'] as const) expect(again[list](tenant)).toEqual(control[list](tenant));
    expect(restored.tenant(tenant)!.settings).toEqual(state.tenant(tenant)!.settings);
    expect([...restored.tenant(tenant)!.files.values()]).toEqual([...state.tenant(tenant)!.files.values()]);
    expect(again.webhookSubscriptions(tenant)).toEqual(control.webhookSubscriptions(tenant));
    expect(again.addOrganization(tenant, { FullName: 'Next' }).OrganizationKey).toBe(control.addOrganization(tenant, { FullName: 'Next' }).OrganizationKey);
    // A tenant added after the restore is another account, not one already there.
    expect(again.addTenant().tenantKey).not.toBe(tenant);
  });
});
