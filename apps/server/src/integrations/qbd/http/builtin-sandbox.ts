import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { qbdEndpoints as e } from '@herd/contract';
import { createQbdSimulator, type QbdSimulator } from '@herd/simulators';
import { ConflictError, NotFoundError } from '../../../lib/errors.js';
import { listeningOrigin } from '../../../lib/local-origin.js';
import { serveEndpoint } from '../../../lib/serve-endpoint.js';
import { requireActor } from '../../../plugins/auth.js';
import type { Actor } from '../../../modules/auth/actor.js';
import { listConnectors, sandboxRunSetup } from '../../../modules/web-connector/web-connector.service.js';

/** Transactions in a sandbox company file: enough to see every kind, few enough to read at a glance. */
const SANDBOX_TRANSACTIONS = 40;

/** Where the simulated Web Connector on the same machine reaches this server. */
const localOrigin = (app: FastifyInstance) => {
  const origin = listeningOrigin(app);
  if (!origin) throw new ConflictError('The QuickBooks Desktop sandbox needs the server to be listening on a port.');
  return origin;
};

/**
 * "Run the Web Connector now" on a sandbox QuickBooks Desktop company: the simulated Web Connector
 * (the one the tests use) loads the company's .qwc file and runs a whole session against this
 * server's own SOAP service, over HTTP, on a simulated company file kept in memory for the company
 * (seeded from its name, so a restart gives the same file back, without the edits Herd made).
 */
const runSandboxConnector = async (app: FastifyInstance, files: Map<number, QbdSimulator>, actor: Actor, companyPk: number) => {
  const deps = app.deps;
  if (!deps.config.sandboxes) throw new NotFoundError('The QuickBooks Desktop sandbox is off on this server.');
  const { company, qwc, password } = await sandboxRunSetup(deps, actor, companyPk);
  let file = files.get(company.pk);
  if (!file) {
    file = createQbdSimulator({ companyName: `${company.name} (sandbox)`, transactions: SANDBOX_TRANSACTIONS });
    files.set(company.pk, file);
  }
  const origin = deps.config.appUrl.replace(/\/+$/, '');
  const local = qwc.replace(`<AppURL>${origin}`, `<AppURL>${localOrigin(app)}`);
  await file.webConnector({ qwc: local, password }).run();
  const [connector] = (await listConnectors(deps, actor, { client_company: company.pk })).results;
  if (!connector?.last_run) throw new ConflictError('The simulated Web Connector did not start a run.');
  return connector.last_run;
};

/** The QuickBooks Desktop sandbox's one route; it answers 404 while the sandboxes are off. */
export const qbdSandboxRoutes: FastifyPluginAsync = async (app) => {
  const files = new Map<number, QbdSimulator>();
  app.addHook('preHandler', requireActor);
  serveEndpoint(app, e.sandboxRun, (r) => runSandboxConnector(app, files, r.actor, r.params.pk));
};
