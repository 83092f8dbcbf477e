import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { karbonEndpoints as e } from '@herd/contract';
import { serveEndpoint } from '../../../lib/serve-endpoint.js';
import { requireActor } from '../../../plugins/auth.js';
import { visitorOf } from '../../../kernel/visitor.js';
import { listDirectory, listWorkTypes, resyncOrganizations, resyncUsers, resyncWorkStatuses, resyncWorkTypes } from './karbon-directory.service.js';
import { connectSandbox, createInstance, removeInstance } from './karbon-instance.service.js';
import { createMapping, listMappings, updateMapping } from './karbon-mappings.service.js';
import { getClientSettings, getSettings, updateClientSettings, updateSettings } from './karbon-settings.service.js';
import { KARBON_SIGNATURE_HEADER, receiveKarbonWebhook } from './karbon-webhook.service.js';

/** The built-in sandbox Karbon's keys for a firm (made on first use), when the sandboxes are on. */
export type KarbonSandboxKeys = (firmId: number) => Promise<{ applicationId: string; accessKey: string }>;

const rawBody = (request: FastifyRequest) => String(request.body ?? '');

/** The firm's Karbon (firm admins; the services check it), and Karbon's webhook deliveries. */
export const karbonRoutes: FastifyPluginAsync<{ sandboxKeys: KarbonSandboxKeys }> = async (app, { sandboxKeys }) => {
  const deps = app.deps;
  await app.register(async (signedIn) => {
    signedIn.addHook('preHandler', requireActor);
    serveEndpoint(signedIn, e.createInstance, (r) => createInstance(deps, r.actor, r.body));
    serveEndpoint(signedIn, e.deleteInstance, (r) => removeInstance(deps, r.actor, {}));
    serveEndpoint(signedIn, e.connectSandbox, (r) => connectSandbox(deps, r.actor, sandboxKeys));
    serveEndpoint(signedIn, e.settings, (r) => getSettings(deps, r.actor, {}));
    serveEndpoint(signedIn, e.updateSettings, (r) => updateSettings(deps, r.actor, r.body));
    serveEndpoint(signedIn, e.clientSettings, (r) => getClientSettings(deps, r.actor, r.params.client_pk));
    serveEndpoint(signedIn, e.updateClientSettings, (r) => updateClientSettings(deps, r.actor, { companyPk: r.params.client_pk, ...r.body }));
    serveEndpoint(signedIn, e.organizations, (r) => listDirectory(deps, r.actor, r.query));
    serveEndpoint(signedIn, e.mappings, (r) => listMappings(deps, r.actor, {}));
    serveEndpoint(signedIn, e.createMapping, (r) => createMapping(deps, r.actor, r.body));
    serveEndpoint(signedIn, e.updateMapping, (r) => updateMapping(deps, r.actor, { companyPk: r.params.client_company, target: r.body.target }));
    serveEndpoint(signedIn, e.workTypes, (r) => listWorkTypes(deps, r.actor, {}));
    serveEndpoint(signedIn, e.resyncWorkTypes, (r) => resyncWorkTypes(deps, r.actor, {}));
    serveEndpoint(signedIn, e.resyncOrganizations, (r) => resyncOrganizations(deps, r.actor, {}));
    serveEndpoint(signedIn, e.resyncWorkStatuses, (r) => resyncWorkStatuses(deps, r.actor, {}));
    serveEndpoint(signedIn, e.resyncUsers, (r) => resyncUsers(deps, r.actor, {}));
  });
  await app.register(async (hooks) => {
    // The signature covers the exact bytes Karbon sent, so the body stays a string until it is checked.
    hooks.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    serveEndpoint(hooks, e.webhook, (r) =>
      receiveKarbonWebhook(deps, visitorOf(r), { token: r.params.token, rawBody: rawBody(r), signature: r.headers[KARBON_SIGNATURE_HEADER] as string | undefined }),
    );
  });
};
