import { useMemo, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import { MESSAGE_DURATION_S, MESSAGE_TOP_PX, NOTIFICATION_DURATION_S, NOTIFICATION_OFFSET_PX } from '@herd/contract';
import { useSession } from '../features/auth/api';
import { buildTheme, firmColor } from './theme';

/** antd in the firm's colours, large controls, English, with App's message and notification set up. */
const ThemedApp = ({ children }: { children: ReactNode }) => {
  const session = useSession();
  const color = firmColor(session.profile);
  const theme = useMemo(() => buildTheme(color), [color]);
  return (
    <ConfigProvider componentSize="large" locale={enUS} theme={theme}>
      <AntApp
        notification={{ duration: NOTIFICATION_DURATION_S, top: NOTIFICATION_OFFSET_PX, placement: 'topRight' }}
        message={{ duration: MESSAGE_DURATION_S, top: MESSAGE_TOP_PX }}
      >
        {children}
      </AntApp>
    </ConfigProvider>
  );
};

export const AppProviders = ({ client, children }: { client: QueryClient; children: ReactNode }) => (
  <QueryClientProvider client={client}>
    <ThemedApp>{children}</ThemedApp>
  </QueryClientProvider>
);
