import Fastify from 'fastify';
import { createControl, type QboControl } from './control.js';
import { qboSimulatorPlugin } from './server.js';
import { createQboState, type QboSimulatorOptions, type QboState } from './state.js';

export interface QboSimulator extends QboControl {
  /** Base URL, e.g. http://127.0.0.1:54321; every Intuit host maps onto it. */
  url: string;
  state: QboState;
  close(): Promise<void>;
}

/** Starts a standalone QuickBooks Online simulator on its own port. */
export async function startQboSimulator(options: QboSimulatorOptions): Promise<QboSimulator> {
  const state = createQboState(options);
  // Closing drops every connection, in-flight ones too: a request held by injected latency must not keep a test waiting.
  const app = Fastify({ logger: false, bodyLimit: 10 * 1024 * 1024, forceCloseConnections: true });
  await app.register(qboSimulatorPlugin, { state });
  const host = options.host ?? '127.0.0.1';
  await app.listen({ port: options.port ?? 0, host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const control = createControl(state);
  return Object.assign(control, {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${String(port)}`,
    state,
    async close(): Promise<void> {
      state.webhooks.stop();
      await app.close();
    },
  });
}
