import Fastify from 'fastify';
import { createStripeControl, type StripeControl } from './control.js';
import { stripeSimulatorPlugin } from './server.js';
import { createStripeState, type StripeSimulatorOptions, type StripeState } from './state.js';

export interface StripeSimulator extends StripeControl {
  /** Base URL, e.g. http://127.0.0.1:54321; point stripe-node's host, port and protocol at it. */
  url: string;
  host: string;
  port: number;
  state: StripeState;
  close(): Promise<void>;
}

/** Starts a standalone Stripe simulator on its own port. */
export async function startStripeSimulator(options: StripeSimulatorOptions = {}): Promise<StripeSimulator> {
  const state = createStripeState(options);
  const app = Fastify({ logger: false, forceCloseConnections: true });
  await app.register(stripeSimulatorPlugin, { state });
  const host = options.host ?? '127.0.0.1';
  await app.listen({ port: options.port ?? 0, host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : (options.port ?? 0);
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${String(port)}`;
  if (!options.publicUrl) state.publicUrl = url;
  return Object.assign(createStripeControl(state), {
    url,
    host,
    port,
    state,
    async close(): Promise<void> {
      state.webhooks.stop();
      await app.close();
    },
  });
}
