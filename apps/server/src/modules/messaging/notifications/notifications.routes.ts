import type { FastifyPluginAsync } from 'fastify';
import { notificationEndpoints as e } from '@herd/contract';
import { serveEndpoint } from '../../../lib/serve-endpoint.js';
import { requireActor } from '../../../plugins/auth.js';
import { hideAllNotifications, listNotifications, markNotificationsRead, unreadCountOf } from './notifications.service.js';

/** The bell, as the contract's route table declares it. */
export const notificationRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('preHandler', requireActor);
  const deps = app.deps;
  serveEndpoint(app, e.list, (r) => listNotifications(deps, r.actor, { query: r.query, url: r.url }));
  serveEndpoint(app, e.unreadCount, (r) => unreadCountOf(deps, r.actor, {}));
  serveEndpoint(app, e.markRead, (r) => markNotificationsRead(deps, r.actor, r.body));
  serveEndpoint(app, e.hideAll, (r) => hideAllNotifications(deps, r.actor, {}));
};
