import { endpoint, noContent } from '../endpoint.js';
import { markReadBody, notificationListQuery, notificationPage, unreadCount } from '../notifications.js';

const tags = ['notifications'];

/**
 * The bell: each person's own notifications. Reading and clearing them is the
 * person's own state, not the firm's data, so a read-only firm may do both.
 */
export const notificationEndpoints = {
  list: endpoint({
    method: 'GET',
    path: 'notifications/list/',
    tags,
    summary: 'My notifications, newest first (cleared ones left out)',
    query: notificationListQuery,
    responses: { 200: notificationPage },
  }),
  unreadCount: endpoint({
    method: 'GET',
    path: 'notifications/unread-count/',
    tags,
    summary: 'How many of my notifications are unread',
    responses: { 200: unreadCount },
  }),
  markRead: endpoint({
    method: 'POST',
    path: 'notifications/mark-read/',
    tags,
    summary: 'Mark one, several or all of my notifications read',
    body: markReadBody,
    responses: { 200: unreadCount },
    whileReadOnly: true,
  }),
  hideAll: endpoint({
    method: 'POST',
    path: 'notifications/hide-all/',
    tags,
    summary: 'Clear my notifications from the list',
    responses: { 204: noContent },
    whileReadOnly: true,
  }),
};
