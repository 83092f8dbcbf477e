import type { MarkReadBody, Notification, NotificationListQuery, NotificationPage } from '@herd/contract';
import { NotFoundError } from '../../../lib/errors.js';
import { pageLinks } from '../../../lib/pagination.js';
import type { Actor } from '../../../kernel/actor.js';
import { countUnread, findOwnPks, hideOwn, listOwnNotifications, markOwnRead, type NotificationRow } from './notifications.queries.js';
import type { AppDeps } from '../../../app-deps.js';
import type { NoInput } from '../../../lib/service.js';

const toNotification = (row: NotificationRow): Notification => ({
  pk: row.pk,
  kind: row.kind,
  title: row.title,
  text: row.text,
  target: { type: row.targetType, pk: row.targetPk },
  client_company: row.clientCompanyId,
  read: row.readAt !== null,
  created_at: row.createdAt.toISOString(),
});

/**
 * Everyone reads only their own notifications. A person outside any firm
 * (a client user whose companies were all removed) has none.
 */
export const listNotifications = async (
  { db }: Pick<AppDeps, 'db'>,
  actor: Actor,
  { query, url }: { query: NotificationListQuery; url: string },
): Promise<NotificationPage> => {
  if (actor.firmId === null) return { count: 0, next: null, previous: null, results: [] };
  const { rows, count } = await listOwnNotifications(db, actor.firmId, actor.userId, query.page, query.page_size, query.unread === 'true');
  return { count, ...pageLinks(url, query.page, query.page_size, count), results: rows.map(toNotification) };
};

export const unreadCountOf = async ({ db }: Pick<AppDeps, 'db'>, actor: Actor, _input: NoInput) => ({
  unread_count: actor.firmId === null ? 0 : await countUnread(db, actor.firmId, actor.userId),
});

/**
 * Marks one, several or all read. Naming a pk that is not the person's own
 * (another person's, or none at all) is 404 and marks nothing.
 */
export const markNotificationsRead = async ({ db }: Pick<AppDeps, 'db'>, actor: Actor, body: MarkReadBody) => {
  const firmId = actor.firmId;
  if (firmId === null) {
    if (body.all) return { unread_count: 0 };
    throw new NotFoundError();
  }
  const named = body.all ? 'all' : [...new Set(body.pks ?? [body.pk!])];
  if (named !== 'all' && (await findOwnPks(db, firmId, actor.userId, named)).length !== named.length) throw new NotFoundError();
  await markOwnRead(db, firmId, actor.userId, named);
  return { unread_count: await countUnread(db, firmId, actor.userId) };
};

export const hideAllNotifications = async ({ db }: Pick<AppDeps, 'db'>, actor: Actor, _input: NoInput) => {
  if (actor.firmId !== null) await hideOwn(db, actor.firmId, actor.userId);
};
