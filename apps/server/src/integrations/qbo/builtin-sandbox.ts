import type { FastifyInstance } from 'fastify';
import { createControl, createQboState, qboSimulatorPlugin, type QboControl } from '@herd/simulators';
import type { Config } from '../../config.js';
import { API_PREFIX } from '@herd/contract';
import { BUILTIN_SANDBOX_PATH, QBO_PATHS } from './qbo-settings.js';

/**
 * Without Intuit credentials, Herd serves a QuickBooks Online sandbox itself
 * (the same simulator the tests use), so "Connect QuickBooks" works on a
 * fresh install. Its companies live in memory: a restart brings them back
 * as seeded, and connected sandbox companies ask to be reconnected.
 */
export const mountBuiltinSandbox = async (app: FastifyInstance, config: Config): Promise<QboControl | null> => {
  if (config.qbo.mode !== 'builtin-sandbox' || config.qbo.baseUrl) return null;
  const state = createQboState({
    clientId: config.qbo.clientId,
    clientSecret: config.qbo.clientSecret,
    webhookVerifierToken: config.qbo.webhookVerifierToken,
    redirectUris: [`${config.appUrl}${API_PREFIX}${QBO_PATHS.callback}`, `${config.appUrl}${API_PREFIX}${QBO_PATHS.signupCallback}`],
    companies: [
      { realmId: '9341453050298001', name: 'Sandbox Bakery Co. (sandbox)', transactions: 80 },
      { realmId: '9341453050298002', name: 'Sandbox Landscaping LLC (sandbox)', transactions: 40 },
    ],
  });
  await app.register(qboSimulatorPlugin, { prefix: BUILTIN_SANDBOX_PATH, state });
  return createControl(state);
};
