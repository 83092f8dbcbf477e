import { Button, Empty, Flex, Spin, Typography } from 'antd';
import type { Notification } from '@herd/contract';
import { formatRelativeTime } from '../../../lib/format';
import { QueryError } from '../../../ui/query-error';
import { useServerError } from '../../../ui/use-server-error';
import { useHideAll, useMarkRead, useNotifications } from '../api';
import { NotificationIcon } from './notification-icon';

const Item = ({ item, onOpen }: { item: Notification; onOpen: (item: Notification) => void }) => (
  <li style={{ listStyle: 'none' }}>
    <button
      type="button"
      onClick={() => onOpen(item)}
      aria-label={`${item.read ? '' : 'Unread: '}${item.title}`}
      style={{
        display: 'flex',
        gap: 10,
        width: '100%',
        minHeight: 48,
        padding: '10px 12px',
        border: 0,
        borderRadius: 8,
        textAlign: 'left',
        cursor: 'pointer',
        background: item.read ? 'transparent' : '#f1f6f3',
        font: 'inherit',
      }}
    >
      <span
        aria-hidden
        style={{ flex: '0 0 8px', height: 8, marginTop: 7, borderRadius: '50%', background: item.read ? 'transparent' : 'var(--ant-color-primary, #4f8a6b)' }}
      />
      <NotificationIcon kind={item.kind} />
      <Flex vertical gap={2} style={{ minWidth: 0, flex: 1 }}>
        <Typography.Text strong={!item.read} style={{ overflowWrap: 'anywhere' }}>
          {item.title}
        </Typography.Text>
        {item.text ? (
          <Typography.Text type="secondary" ellipsis={{ tooltip: false }} style={{ fontSize: 13 }}>
            {item.text}
          </Typography.Text>
        ) : null}
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {formatRelativeTime(item.created_at)}
        </Typography.Text>
      </Flex>
    </button>
  </li>
);

/**
 * The list behind the bell: newest first, unread ones marked; opening one
 * marks it read and goes to its screen. "Mark all read" keeps the list,
 * "Clear all" empties it.
 */
export const NotificationPanel = ({ onOpen, titled = true }: { onOpen: (item: Notification) => void; titled?: boolean }) => {
  const list = useNotifications(true);
  const markRead = useMarkRead();
  const hideAll = useHideAll();
  const showError = useServerError();
  const items = list.data?.results ?? [];
  const anyUnread = items.some((n) => !n.read);

  const open = (item: Notification) => {
    if (!item.read) markRead.mutate({ pk: item.pk }, { onError: (error) => showError(error, 'Could not mark it read') });
    onOpen(item);
  };

  return (
    <Flex vertical gap={8}>
      <Flex justify={titled ? 'space-between' : 'flex-end'} align="center" gap={8} wrap>
        {titled ? <Typography.Text strong>Notifications</Typography.Text> : null}
        <Flex gap={4}>
          <Button
            size="small"
            type="link"
            disabled={!anyUnread}
            loading={markRead.isPending && markRead.variables?.all === true}
            onClick={() => markRead.mutate({ all: true }, { onError: (error) => showError(error, 'Could not mark them read') })}
          >
            Mark all read
          </Button>
          <Button
            size="small"
            type="link"
            disabled={items.length === 0}
            loading={hideAll.isPending}
            onClick={() => hideAll.mutate(undefined, { onError: (error) => showError(error, 'Could not clear them') })}
          >
            Clear all
          </Button>
        </Flex>
      </Flex>
      {list.isPending ? (
        <Flex justify="center" style={{ padding: 24 }}>
          <Spin aria-label="Loading notifications" />
        </Flex>
      ) : list.isError ? (
        <QueryError error={list.error} title="Could not load notifications" onRetry={() => void list.refetch()} />
      ) : items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="You’re all caught up." />
      ) : (
        <ul aria-label="Notifications" style={{ margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 2 }}>
          {items.map((item) => (
            <Item key={item.pk} item={item} onOpen={open} />
          ))}
        </ul>
      )}
    </Flex>
  );
};
