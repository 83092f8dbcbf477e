import { startKarbonSimulator, type KarbonSimulator, type KarbonSimulatorOptions } from '@herd/simulators';
import { createTestApp, type TestApp } from './harness.js';

/** A Karbon simulator and a Herd app whose Karbon calls go to it, as they would to Karbon. */
export const startKarbonWorld = async (options: KarbonSimulatorOptions = {}): Promise<{ sim: KarbonSimulator; t: TestApp }> => {
  const sim = await startKarbonSimulator({ allowHttpTargets: true, ...options });
  const t = await createTestApp({ karbonBaseUrl: sim.url });
  return { sim, t };
};

/** A tenant's keys as the firm admin pastes them. */
export const pasted = (sim: KarbonSimulator, index = 0) => {
  const keys = sim.tenants()[index]!;
  return { application_id: keys.applicationId, access_key: keys.accessKey };
};
