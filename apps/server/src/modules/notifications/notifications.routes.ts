import type { FastifyPluginAsync } from 'fastify';
import { notificationEndpoints as e } from '@herd/contract';
import { serveEndpoint } from '../../lib/serve-endpoint.js';
import { requireActor } from '../../plugins/auth.js';
import { hideAllNotifications, listNotifications, markNotificationsRead, unreadCountOf } from './notifications.service.js';

/** The bell, as the contract's route table declares it. */
export const notificationRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('preHandler', requireActor);
  const { db } = app.deps;
  serveEndpoint(app, e.list, (r) => listNotifications(db, r.actor, r.query, r.url));
  serveEndpoint(app, e.unreadCount, (r) => unreadCountOf(db, r.actor));
  serveEndpoint(app, e.markRead, (r) => markNotificationsRead(db, r.actor, r.body));
  serveEndpoint(app, e.hideAll, (r) => hideAllNotifications(db, r.actor));
};
