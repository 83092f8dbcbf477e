import Fastify from 'fastify';
import { createXeroControl, type XeroControl } from './control.js';
import { MAX_ATTACHMENT_BYTES } from './attachments.routes.js';
import { xeroSimulatorPlugin } from './server.js';
import { createXeroState, type XeroSimulatorOptions, type XeroState } from './state.js';

export interface XeroSimulator extends XeroControl {
  /** Base URL, e.g. http://127.0.0.1:54321; identity, login and api hosts all map onto it. */
  url: string;
  state: XeroState;
  close(): Promise<void>;
}

/** Starts a standalone Xero simulator on its own port. */
export async function startXeroSimulator(options: XeroSimulatorOptions): Promise<XeroSimulator> {
  const state = createXeroState(options);
  // Closing drops every connection, in-flight ones too: a request held by injected latency must not keep a test waiting.
  const app = Fastify({ logger: false, bodyLimit: MAX_ATTACHMENT_BYTES, forceCloseConnections: true });
  await app.register(xeroSimulatorPlugin, { state });
  const host = options.host ?? '127.0.0.1';
  await app.listen({ port: options.port ?? 0, host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${String(port)}`;
  state.resourceBase = url;
  return Object.assign(createXeroControl(state), {
    url,
    state,
    async close(): Promise<void> {
      state.webhooks.stop();
      await app.close();
    },
  });
}
