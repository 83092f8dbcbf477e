import { bytesFromText, bytesToText, checkSnapshot, type SnapshotHeader } from '../shared/snapshot-format.js';
import { Prng } from './ids.js';
import { createKarbonState, type KarbonSimulatorOptions, type KarbonState } from './state.js';
import { COLLECTIONS, KarbonTenant, type Collection, type KarbonFile } from './tenant.js';
import type { JsonObject } from './types.js';
import type { KarbonWebhookSubscription } from './webhooks.js';

const VERSION = 1;

type FileSnapshot = Omit<KarbonFile, 'bytes'> & { bytes: string };

interface TenantSnapshot {
  tenantKey: string;
  name: string;
  applicationId: string;
  accessKey: string;
  /** Where the tenant's perma-key sequence stands, so new keys never repeat old ones. */
  keys: number;
  settings: JsonObject;
  data: Record<Collection, JsonObject[]>;
  files: FileSnapshot[];
  webhooks: KarbonWebhookSubscription[];
}

/**
 * What a Karbon simulator holds that outlives a restart: each account (tenant) whole, with its
 * credentials, settings, records, files and webhook subscriptions, and the clock's offset. Not
 * kept: throttles, injected faults, logs, deliveries and coalescing windows under way.
 */
export interface KarbonSnapshot extends SnapshotHeader<'karbon'> {
  clockOffsetMs: number;
  tenants: TenantSnapshot[];
}

const collections = Object.keys(COLLECTIONS) as Collection[];

const snapshotTenant = (state: KarbonState, tenant: KarbonTenant): TenantSnapshot => ({
  tenantKey: tenant.tenantKey,
  name: tenant.name,
  applicationId: tenant.applicationId,
  accessKey: tenant.accessKey,
  keys: tenant.keys.position,
  settings: tenant.settings,
  data: Object.fromEntries(collections.map((collection) => [collection, tenant.list(collection)])) as Record<Collection, JsonObject[]>,
  files: [...tenant.files.values()].map(({ bytes, ...file }) => ({ ...file, bytes: bytesToText(bytes) })),
  webhooks: state.webhooks.list(tenant.tenantKey),
});

export function snapshotKarbonState(state: KarbonState): KarbonSnapshot {
  return {
    kind: 'karbon',
    version: VERSION,
    clockOffsetMs: state.clock.offsetMs,
    tenants: [...state.tenants.values()].map((tenant) => snapshotTenant(state, tenant)),
  };
}

const restoreTenant = (state: KarbonState, saved: TenantSnapshot) => {
  const keys = new Prng(0);
  keys.position = saved.keys;
  // Wired as KarbonState.addTenant wires a tenant (the state's clock, its webhooks), without seeding it.
  const tenant = new KarbonTenant(
    saved.tenantKey,
    saved.name,
    saved.applicationId,
    saved.accessKey,
    keys,
    () => state.clock.now(),
    (change) => state.webhooks.enqueue(change),
  );
  tenant.settings = saved.settings;
  for (const collection of collections) {
    const { keyField } = COLLECTIONS[collection];
    for (const record of saved.data[collection] ?? []) tenant.data[collection].set(String(record[keyField]), record);
  }
  for (const { bytes, ...file } of saved.files) tenant.files.set(file.FileContextKey, { ...file, bytes: bytesFromText(bytes) });
  state.tenants.set(tenant.tenantKey, tenant);
  for (const { consecutiveFailures, ...subscription } of saved.webhooks) {
    Object.assign(state.webhooks.subscribe(tenant.tenantKey, subscription), { consecutiveFailures });
  }
};

/** A simulator with `options` holding what the snapshot kept; throws on anything but a Karbon snapshot of this layout. */
export function restoreKarbonState(options: KarbonSimulatorOptions, snapshot: unknown): KarbonState {
  checkSnapshot(snapshot, 'karbon', VERSION);
  const saved = snapshot as KarbonSnapshot;
  const state = createKarbonState(options);
  state.tenants.clear();
  state.clock.offsetMs = saved.clockOffsetMs;
  for (const tenant of saved.tenants) restoreTenant(state, tenant);
  return state;
}
