import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { qbdEndpoints as e } from '@herd/contract';
import { createQbdSimulator, restoreQbdSimulator, snapshotQbdSimulator, type QbdSimulator, type QbdSimulatorOptions } from '@herd/simulators';
import { ConflictError, NotFoundError } from '../../../lib/errors.js';
import { listeningOrigin } from '../../../lib/local-origin.js';
import { serveEndpoint } from '../../../lib/serve-endpoint.js';
import { requireActor } from '../../../plugins/auth.js';
import type { Actor } from '../../../kernel/actor.js';
import { keepSandbox, type KeptSandbox } from '../../../modules/people/sandboxes/sandbox-state-file.service.js';
import { listConnectors, sandboxRunSetup } from '../../../modules/books/web-connector/web-connector.service.js';

/** Transactions in a sandbox company file: enough to see every kind, few enough to read at a glance. */
const SANDBOX_TRANSACTIONS = 40;

/** Where the simulated Web Connector on the same machine reaches this server. */
const localOrigin = (app: FastifyInstance) => {
  const origin = listeningOrigin(app);
  if (!origin) throw new ConflictError('The QuickBooks Desktop sandbox needs the server to be listening on a port.');
  return origin;
};

/** The company file a sandbox company starts from: seeded from its name. */
const seedOf = (companyName: string): QbdSimulatorOptions => ({ companyName: `${companyName} (sandbox)`, transactions: SANDBOX_TRANSACTIONS });

/** Each sandbox company's file by the Herd company's pk, kept in DATA_DIR/sandboxes/quickbooks-desktop.json with the edits Herd made. */
type CompanyFiles = Map<number, QbdSimulator>;

export const keepCompanyFiles = (app: FastifyInstance): KeptSandbox<CompanyFiles> =>
  keepSandbox<CompanyFiles>(app, app.deps.config, 'quickbooks-desktop', {
    fresh: () => new Map(),
    restore: (saved) =>
      new Map(
        Object.entries((saved as { files: Record<string, unknown> }).files).map(([pk, file]) => [
          Number(pk),
          restoreQbdSimulator({ transactions: SANDBOX_TRANSACTIONS }, file),
        ]),
      ),
    snapshot: (files) => ({ files: Object.fromEntries([...files].map(([pk, file]) => [pk, snapshotQbdSimulator(file)])) }),
  });

/**
 * "Run the Web Connector now" on a sandbox QuickBooks Desktop company: the simulated Web Connector
 * (the one the tests use) loads the company's .qwc file and runs a whole session against this
 * server's own SOAP service, over HTTP, on a simulated company file kept for the company (seeded
 * from its name the first time), so after a restart the file holds what Herd wrote to it.
 */
const runSandboxConnector = async (app: FastifyInstance, kept: KeptSandbox<CompanyFiles>, actor: Actor, companyPk: number) => {
  const deps = app.deps;
  if (!deps.config.sandboxes) throw new NotFoundError('The QuickBooks Desktop sandbox is off on this server.');
  const { company, qwc, password } = await sandboxRunSetup(deps, actor, companyPk);
  let file = kept.state.get(company.pk);
  if (!file) {
    file = createQbdSimulator(seedOf(company.name));
    kept.state.set(company.pk, file);
  }
  const origin = deps.config.appUrl.replace(/\/+$/, '');
  const local = qwc.replace(`<AppURL>${origin}`, `<AppURL>${localOrigin(app)}`);
  try {
    await file.webConnector({ qwc: local, password }).run();
  } finally {
    kept.changed();
  }
  const [connector] = (await listConnectors(deps, actor, { client_company: company.pk })).results;
  if (!connector?.last_run) throw new ConflictError('The simulated Web Connector did not start a run.');
  return connector.last_run;
};

/** The QuickBooks Desktop sandbox's one route; it answers 404 while the sandboxes are off. */
export const qbdSandboxRoutes: FastifyPluginAsync = async (app) => {
  // Off, the sandbox keeps nothing (its one route answers 404): no file is read or written.
  const files: KeptSandbox<CompanyFiles> = app.deps.config.sandboxes ? keepCompanyFiles(app) : { state: new Map(), changed: () => {} };
  app.addHook('preHandler', requireActor);
  serveEndpoint(app, e.sandboxRun, (r) => runSandboxConnector(app, files, r.actor, r.params.pk));
};
