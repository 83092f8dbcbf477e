import type { FastifyPluginAsync } from 'fastify';
import { testingEndpoints as e } from '@herd/contract';
import type { AppDeps } from '../../../app-deps.js';
import type { KarbonSandbox } from './builtin-sandbox.js';
import { NotFoundError } from '../../../lib/errors.js';
import { serveEndpoint } from '../../../lib/serve-endpoint.js';
import { requireActor } from '../../../plugins/auth.js';
import type { Actor } from '../../../kernel/actor.js';
import { hideFromDocs } from '../../../modules/platform/testing/testing.face.js';
import { instanceFor, type NoInput } from '../../../modules/firm/practice-management/karbon-access.service.js';
import { deliverFirmEvents } from '../../../modules/firm/practice-management/karbon-delivery.job.js';

/** What the firm owes its sandbox Karbon is sent now, as the minute's sweep would; then the notes the sandbox holds. */
const sandboxNotes = async (deps: AppDeps & { karbonSandbox: KarbonSandbox | null }, actor: Actor, _input: NoInput) => {
  const { firmActor, instance } = await instanceFor(deps, actor);
  if (!deps.karbonSandbox || !instance.sandbox) throw new NotFoundError('This firm is not connected to the sandbox Karbon.');
  await deliverFirmEvents(deps, firmActor.firmId);
  return deps.karbonSandbox.control.notes(instance.tenantKey).map((note) => ({
    subject: String(note.Subject),
    client_keys: ((note.Timelines as { EntityKey: string }[] | undefined) ?? []).map((timeline) => timeline.EntityKey),
  }));
};

/** For end-to-end tests only, registered with the outbox route (HERD_E2E_OUTBOX=1). */
export const testingKarbonSandboxRoutes: FastifyPluginAsync = async (app) => {
  hideFromDocs(app);
  app.addHook('preHandler', requireActor);
  const deps = {
    ...app.deps,
    get karbonSandbox() {
      return app.karbonSandbox;
    },
  };
  serveEndpoint(app, e.karbonSandboxNotes, (r) => sandboxNotes(deps, r.actor, {}));
};
