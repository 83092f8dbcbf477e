import Fastify from 'fastify';
import { createKarbonControl, type KarbonControl } from './control.js';
import { karbonSimulatorPlugin } from './server.js';
import { createKarbonState, type KarbonSimulatorOptions, type KarbonState } from './state.js';

export interface KarbonSimulator extends KarbonControl {
  /** Base URL, e.g. http://127.0.0.1:54321; the API is under `${url}/v3`. */
  url: string;
  state: KarbonState;
  close(): Promise<void>;
}

/** Starts a standalone Karbon simulator on its own port (127.0.0.1 unless `host` says otherwise). */
export async function startKarbonSimulator(options: KarbonSimulatorOptions = {}): Promise<KarbonSimulator> {
  const state = createKarbonState(options);
  const app = Fastify({ logger: false, forceCloseConnections: true });
  await app.register(karbonSimulatorPlugin, { state });
  const host = options.host ?? '127.0.0.1';
  await app.listen({ port: options.port ?? 0, host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${String(port)}`;
  return Object.assign(createKarbonControl(state), {
    url,
    state,
    async close(): Promise<void> {
      state.webhooks.stop();
      await app.close();
    },
  });
}
