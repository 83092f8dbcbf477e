import type { ReactNode } from 'react';
import { App as AntApp } from 'antd';
import { MESSAGE_DURATION_S, MESSAGE_TOP_PX, NOTIFICATION_DURATION_S, NOTIFICATION_OFFSET_PX } from '@herd/contract';

/**
 * antd's App, which gives screens `App.useApp()` (message, notification,
 * confirm dialogs). Only signed-in screens use it, so it wraps the signed-in
 * layout rather than the whole app: its message, notification and modal code
 * then downloads after sign-in, not with the sign-in page.
 */
export const AppFeedback = ({ children }: { children: ReactNode }) => (
  <AntApp
    notification={{ duration: NOTIFICATION_DURATION_S, top: NOTIFICATION_OFFSET_PX, placement: 'topRight' }}
    message={{ duration: MESSAGE_DURATION_S, top: MESSAGE_TOP_PX }}
  >
    {children}
  </AntApp>
);
