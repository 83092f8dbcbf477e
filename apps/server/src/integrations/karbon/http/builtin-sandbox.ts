import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  createKarbonControl,
  createKarbonState,
  karbonSimulatorPlugin,
  restoreKarbonState,
  snapshotKarbonState,
  type KarbonControl,
  type KarbonSimulatorOptions,
  type KarbonState,
} from '@herd/simulators';
import type { Config } from '../../../config.js';
import { listeningOrigin } from '../../../lib/local-origin.js';
import { changedOnWrite, keepSandbox } from '../../../modules/people/sandboxes/sandbox-state-file.service.js';

/** Where the built-in sandbox Karbon answers on Herd's own port. */
export const KARBON_SANDBOX_PATH = '/sandbox/karbon';

export interface KarbonSandbox {
  control: KarbonControl;
  /** This firm's sandbox account (made on first use): the keys "Connect the sandbox Karbon" uses. */
  keysFor(firmId: number): Promise<{ applicationId: string; accessKey: string }>;
  /** The account made for this firm, if one was: the only one whose records the firm's pages may show. */
  tenantOf(firmId: number): string | null;
  /** Files a document on a client of the account, as someone at the firm would in Karbon; kept with the sandbox. */
  fileOn(tenant: string, file: Parameters<KarbonControl['addFile']>[1]): string;
  /** The sandbox's base URL as this process reaches itself, once it listens. */
  url(): string | null;
}

/** A JWT-shaped key no one can guess: the sandbox's API holds a firm's notes, so its keys are as secret as real ones. */
const randomAccessKey = () => `eyJ${randomBytes(18).toString('base64url')}.${randomBytes(24).toString('base64url')}.${randomBytes(24).toString('base64url')}`;

/** The sandbox as kept: the simulator's accounts, and which firm each belongs to (by its tenant key). */
interface KeptKarbon {
  state: KarbonState;
  firms: Map<number, string>;
}

const OPTIONS: KarbonSimulatorOptions = { tenants: [], allowHttpTargets: true, webhookCoalesceMs: 2_000 };

/**
 * The Karbon simulator (the one the tests use) mounted at /sandbox/karbon when the sandboxes are
 * on: each firm gets an account of its own, seeded with organizations, contacts, users and work
 * types. The accounts (records, files, keys, webhook subscriptions) and whose each is are kept in
 * DATA_DIR/sandboxes/karbon.json, so the keys Herd holds keep working after a restart
 * (sandbox-state-file.service.ts says when it is in memory only). Webhooks to plain http:// are accepted,
 * as `npm start` serves no https.
 */
export const mountKarbonSandbox = async (app: FastifyInstance, config: Config): Promise<KarbonSandbox | null> => {
  if (!config.sandboxes) return null;
  const kept = keepSandbox<KeptKarbon>(app, config, 'karbon', {
    fresh: () => ({ state: createKarbonState(OPTIONS), firms: new Map() }),
    restore: (saved) => {
      const file = saved as { simulator: unknown; firms: Record<string, string> };
      return { state: restoreKarbonState(OPTIONS, file.simulator), firms: new Map(Object.entries(file.firms).map(([firmId, tenant]) => [Number(firmId), tenant])) };
    },
    snapshot: ({ state, firms }) => ({ simulator: snapshotKarbonState(state), firms: Object.fromEntries(firms) }),
  });
  const { state, firms } = kept.state;
  await app.register(
    async (mounted) => {
      mounted.addHook('onResponse', changedOnWrite(kept));
      await mounted.register(karbonSimulatorPlugin, { state });
    },
    { prefix: KARBON_SANDBOX_PATH },
  );
  const control = createKarbonControl(state);
  return {
    control,
    async keysFor(firmId) {
      const tenant = firms.get(firmId);
      const keys = tenant && state.tenant(tenant) ? control.keys(tenant) : null;
      if (keys) return { applicationId: keys.applicationId, accessKey: keys.accessKey };
      const made = control.addTenant({ name: `Firm ${firmId} practice (sandbox)`, applicationId: randomUUID(), accessKey: randomAccessKey() });
      firms.set(firmId, made.tenantKey);
      kept.changed();
      return { applicationId: made.applicationId, accessKey: made.accessKey };
    },
    tenantOf(firmId) {
      const tenant = firms.get(firmId);
      return tenant && state.tenant(tenant) ? tenant : null;
    },
    fileOn(tenant, file) {
      const key = control.addFile(tenant, file);
      kept.changed();
      return key;
    },
    url() {
      const origin = listeningOrigin(app);
      return origin ? `${origin}${KARBON_SANDBOX_PATH}` : null;
    },
  };
};
