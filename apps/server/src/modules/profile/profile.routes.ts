import type { FastifyPluginAsync } from 'fastify';
import { profileEndpoints as e } from '@herd/contract';
import { serveEndpoint } from '../../lib/serve-endpoint.js';
import { requireActor } from '../../plugins/auth.js';
import { dismissBanner } from '../banners/banners.service.js';
import { changePassword, getProfile, updateProfile } from './profile.service.js';

/** The signed-in person's own account, as the contract's route table declares it. */
export const profileRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('preHandler', requireActor);
  const { db, mailer, config } = app.deps;

  serveEndpoint(app, e.profile, (r) => getProfile(db, r.actor.userId, config.featureFlagDefaults, config.secretKey));
  serveEndpoint(app, e.update, (r) => updateProfile(db, r.actor, r.body, config.featureFlagDefaults, config.secretKey));
  // requireActor ran, so the session is there: it is the one kept signed in.
  serveEndpoint(app, e.changePassword, (r) => changePassword(db, mailer, r.actor, r.body, r.session!.tokenHash));
  serveEndpoint(app, e.dismissBanner, (r) => dismissBanner(db, r.actor, r.body.pk));
};
