import type { FastifyPluginAsync } from 'fastify';
import { profileEndpoints as e } from '@herd/contract';
import { serveEndpoint } from '../../../lib/serve-endpoint.js';
import { requireActor } from '../../../plugins/auth.js';
import { dismissBanner } from '../../platform/banners/banners.face.js';
import { changePassword, getProfile, updateProfile } from './profile.service.js';

/** The signed-in person's own account, as the contract's route table declares it. */
export const profileRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('preHandler', requireActor);
  const deps = app.deps;

  serveEndpoint(app, e.profile, (r) => getProfile(deps, r.actor, {}));
  serveEndpoint(app, e.update, (r) => updateProfile(deps, r.actor, r.body));
  // requireActor ran, so the session is there: it is the one kept signed in.
  serveEndpoint(app, e.changePassword, (r) => changePassword(deps, r.actor, { ...r.body, currentSessionHash: r.session!.tokenHash }));
  serveEndpoint(app, e.dismissBanner, (r) => dismissBanner(deps, r.actor, { bannerPk: r.body.pk }));
};
