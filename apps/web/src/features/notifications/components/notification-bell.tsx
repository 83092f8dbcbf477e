import { useEffect, useRef, useState } from 'react';
import { App, Badge, Button, Drawer, Popover } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import type { Notification } from '@herd/contract';
import { countText } from '../../../lib/format';
import { usePhoneLayout } from '../../../lib/use-phone-layout';
import { useUnreadCount } from '../api';
import { notificationHref } from '../notification-links';
import { NotificationPanel } from './notification-panel';

/** A short toast when the count grows while the app is open (not on the first load: those were waiting, not arriving). */
const useArrivalToast = (unread: number | undefined) => {
  const { notification } = App.useApp();
  const previous = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (unread === undefined) return;
    const before = previous.current;
    previous.current = unread;
    if (before !== undefined && unread > before) {
      notification.info({ message: `${countText(unread - before, 'new notification')}`, description: 'Open the bell to see what happened.' });
    }
  }, [unread, notification]);
};

/**
 * The bell in the header: the unread count (polled, and refreshed on focus),
 * and the notifications in a popover, or a full-width drawer on a phone.
 */
export const NotificationBell = ({ side }: { side: 'accountant' | 'client' }) => {
  const phone = usePhoneLayout();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const count = useUnreadCount();
  const unread = count.data?.unread_count;
  useArrivalToast(unread);

  const go = (item: Notification) => {
    setOpen(false);
    void navigate(notificationHref(item, side));
  };
  const label = unread ? `Notifications, ${unread} unread` : 'Notifications';
  const bell = (
    <Badge count={unread ?? 0} overflowCount={99} size="small" offset={[-4, 4]}>
      <Button
        type="text"
        shape="circle"
        size="large"
        icon={<BellOutlined />}
        aria-label={label}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={phone ? () => setOpen(true) : undefined}
      />
    </Badge>
  );
  if (phone) {
    return (
      <>
        {bell}
        <Drawer open={open} onClose={() => setOpen(false)} placement="right" size="100%" title="Notifications" destroyOnHidden styles={{ body: { padding: 12 } }}>
          {open ? <NotificationPanel onOpen={go} titled={false} /> : null}
        </Drawer>
      </>
    );
  }
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      placement="bottomRight"
      arrow={false}
      destroyOnHidden
      content={
        <div style={{ width: 380, maxHeight: 480, overflowY: 'auto' }}>
          <NotificationPanel onOpen={go} />
        </div>
      }
    >
      {bell}
    </Popover>
  );
};
