import { useQuery, useQueryClient } from '@tanstack/react-query';
import { notificationEndpoints as e, type MarkReadBody } from '@herd/contract';
import { call } from '../../lib/api-client';
import { useSubmitMutation } from '../../lib/use-submit-mutation';

/** How often the bell asks for the unread count while the tab is in view (and again whenever the window regains focus). */
export const NOTIFICATION_POLL_MS = 30_000;
/** How many the panel shows: the newest; older ones are rarely worth a scroll. */
export const NOTIFICATION_PANEL_SIZE = 30;

export const notificationKeys = {
  all: ['notifications'] as const,
  unreadCount: () => [...notificationKeys.all, 'unread-count'] as const,
  list: () => [...notificationKeys.all, 'list'] as const,
};

/** The bell's number, kept fresh by polling and on focus, never in a background tab. */
export const useUnreadCount = () =>
  useQuery({
    queryKey: notificationKeys.unreadCount(),
    queryFn: () => call(e.unreadCount, {}),
    refetchInterval: NOTIFICATION_POLL_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
  });

/** The panel's list: loaded when the panel opens, refreshed with the count while it stays open. */
export const useNotifications = (open: boolean) =>
  useQuery({
    queryKey: notificationKeys.list(),
    queryFn: () => call(e.list, { query: { page_size: NOTIFICATION_PANEL_SIZE } }),
    enabled: open,
    refetchInterval: open ? NOTIFICATION_POLL_MS : false,
  });

/** Marks one, several or all read; the answer is the new count, so the bell updates without another call. */
export const useMarkRead = () => {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: (body: MarkReadBody) => call(e.markRead, { body }),
    onSuccess: (answer) => {
      client.setQueryData(notificationKeys.unreadCount(), answer);
      return client.invalidateQueries({ queryKey: notificationKeys.list() });
    },
  });
};

/** Clears the list (and with it the count). */
export const useHideAll = () => {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: () => call(e.hideAll, {}),
    onSuccess: () => client.invalidateQueries({ queryKey: notificationKeys.all }),
  });
};
