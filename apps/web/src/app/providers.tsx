import { useMemo, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { ConfigProvider, theme as antTheme } from 'antd';
import enUS from 'antd/locale/en_US';
import { useSession } from '../features/auth/api';
import { useEnterSubmitGuard } from '../lib/enter-submit-guard';
import { useTouchDevice } from '../lib/use-touch-device';
import { buildTheme, firmColor } from './theme';

/** Text outside any antd component (a bare line, a link) in the theme's font and ink, as antd's App would set it. */
const BaseText = ({ children }: { children: ReactNode }) => {
  const { token } = antTheme.useToken();
  return <div style={{ color: token.colorText, fontSize: token.fontSize, lineHeight: token.lineHeight, fontFamily: token.fontFamily }}>{children}</div>;
};

/** antd in the firm's colours, large controls (finger-sized on touch screens), English. Message and notification come with the signed-in layout (`AppFeedback`). */
const ThemedApp = ({ children }: { children: ReactNode }) => {
  const session = useSession();
  const color = firmColor(session.profile);
  const touch = useTouchDevice();
  const theme = useMemo(() => buildTheme(color, { touch }), [color, touch]);
  return (
    <ConfigProvider componentSize="large" locale={enUS} theme={theme}>
      <BaseText>{children}</BaseText>
    </ConfigProvider>
  );
};

/** Forms of several fields are not sent by Enter in a text field (`lib/enter-submit-guard.ts`). */
const EnterSubmitGuard = () => {
  useEnterSubmitGuard();
  return null;
};

export const AppProviders = ({ client, children }: { client: QueryClient; children: ReactNode }) => (
  <QueryClientProvider client={client}>
    <EnterSubmitGuard />
    <ThemedApp>{children}</ThemedApp>
  </QueryClientProvider>
);
