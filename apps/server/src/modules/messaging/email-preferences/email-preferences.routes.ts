import type { FastifyPluginAsync } from 'fastify';
import { emailPreferenceEndpoints as e } from '@herd/contract';
import { serveEndpoint } from '../../../lib/serve-endpoint.js';
import { requireActor } from '../../../plugins/auth.js';
import { visitorOf } from '../../../kernel/visitor.js';
import { getEmailPreferences, unsubscribeWithToken, updateEmailPreference } from './email-preferences.service.js';

/** The person's email settings (signed in), and the unsubscribe links of every email (signed in or not). */
export const emailPreferenceRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;
  // RFC 8058: providers POST `List-Unsubscribe=One-Click` as a form; the token in the address is what counts.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  serveEndpoint(app, e.unsubscribe, (r) => unsubscribeWithToken(deps, visitorOf(r), { token: r.body.token, via: 'LINK' }));
  serveEndpoint(app, e.oneClick, (r) => unsubscribeWithToken(deps, visitorOf(r), { token: r.query.token, via: 'ONE_CLICK' }));

  await app.register(async (own) => {
    own.addHook('preHandler', requireActor);
    serveEndpoint(own, e.list, (r) => getEmailPreferences(deps, r.actor, {}));
    serveEndpoint(own, e.update, (r) => updateEmailPreference(deps, r.actor, r.body));
  });
};
