import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { createKarbonControl, createKarbonState, karbonSimulatorPlugin, type KarbonControl } from '@herd/simulators';
import type { Config } from '../config.js';
import { listeningOrigin } from '../lib/local-origin.js';

/** Where the built-in sandbox Karbon answers on Herd's own port. */
export const KARBON_SANDBOX_PATH = '/sandbox/karbon';

export interface KarbonSandbox {
  control: KarbonControl;
  /** This firm's sandbox account (made on first use): the keys "Connect the sandbox Karbon" uses. */
  keysFor(firmId: number): Promise<{ applicationId: string; accessKey: string }>;
  /** The sandbox's base URL as this process reaches itself, once it listens. */
  url(): string | null;
}

/** A JWT-shaped key no one can guess: the sandbox's API holds a firm's notes, so its keys are as secret as real ones. */
const randomAccessKey = () => `eyJ${randomBytes(18).toString('base64url')}.${randomBytes(24).toString('base64url')}.${randomBytes(24).toString('base64url')}`;

/**
 * The Karbon simulator (the one the tests use) mounted at /sandbox/karbon when the sandboxes are
 * on: each firm gets an account of its own, seeded with organizations, contacts, users and work
 * types, kept in memory (a restart starts them again). Webhooks to plain http:// are accepted, as
 * `npm start` serves no https.
 */
export const mountKarbonSandbox = async (app: FastifyInstance, config: Config): Promise<KarbonSandbox | null> => {
  if (!config.sandboxes) return null;
  const state = createKarbonState({ tenants: [], allowHttpTargets: true, webhookCoalesceMs: 2_000 });
  await app.register(karbonSimulatorPlugin, { prefix: KARBON_SANDBOX_PATH, state });
  const control = createKarbonControl(state);
  const byFirm = new Map<number, { applicationId: string; accessKey: string }>();
  return {
    control,
    async keysFor(firmId) {
      let keys = byFirm.get(firmId);
      if (!keys) {
        const made = control.addTenant({ name: `Firm ${firmId} practice (sandbox)`, applicationId: randomUUID(), accessKey: randomAccessKey() });
        keys = { applicationId: made.applicationId, accessKey: made.accessKey };
        byFirm.set(firmId, keys);
      }
      return keys;
    },
    url() {
      const origin = listeningOrigin(app);
      return origin ? `${origin}${KARBON_SANDBOX_PATH}` : null;
    },
  };
};
