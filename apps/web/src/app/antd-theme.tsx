import { useMemo, type CSSProperties, type ReactNode } from 'react';
import { ConfigProvider, theme as antTheme } from 'antd';
import enUS from 'antd/locale/en_US';
import { useSession } from '../features/auth/api';
import { useMediaQuery } from '../lib/use-media-query';
import { useTouchDevice } from '../lib/use-touch-device';
import { buildTheme, firmColor } from './theme';

/**
 * Text outside any antd component (a bare line, a link) in the theme's font and ink, as antd's App would
 * set it. It also hands the firm's colours to the plain parts drawn inside antd screens (the error
 * boundary's retry button, the loading screen's spinner: `ui/plain/plain.css`), which otherwise show
 * Herd's own.
 */
const BaseText = ({ children }: { children: ReactNode }) => {
  const { token } = antTheme.useToken();
  const plainColours = {
    '--herd-primary': token.colorPrimary,
    '--herd-primary-hover': token.colorPrimaryHover,
    '--herd-primary-active': token.colorPrimaryActive,
    '--herd-primary-border': token.colorPrimaryBorder,
    '--herd-link-hover': token.colorLinkHover,
    '--herd-control-outline': token.controlOutline,
  } as CSSProperties;
  return <div style={{ ...plainColours, color: token.colorText, fontSize: token.fontSize, lineHeight: token.lineHeight, fontFamily: token.fontFamily }}>{children}</div>;
};

/**
 * antd in the firm's colours, large controls (finger-sized on touch screens), English. It wraps what
 * is drawn with antd (the signed-in layout, and each screen outside it through `themedPage`), never the
 * app's entry: the sign-in page is drawn without antd and downloads none of it. Message and
 * notification come with the signed-in layout (`AppFeedback`).
 */
export const AntdTheme = ({ children }: { children: ReactNode }) => {
  const session = useSession();
  const color = firmColor(session.profile);
  const touch = useTouchDevice();
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const theme = useMemo(() => buildTheme(color, { touch, reducedMotion }), [color, touch, reducedMotion]);
  return (
    <ConfigProvider componentSize="large" locale={enUS} theme={theme}>
      <BaseText>{children}</BaseText>
    </ConfigProvider>
  );
};
