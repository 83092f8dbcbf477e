import type { ReactNode } from 'react';
import { Flex, theme, Typography } from 'antd';
import { BrandMark } from '../../../ui/brand-mark';

interface AuthCardProps {
  title: string;
  subtitle?: ReactNode;
  footer?: ReactNode;
  width?: number;
  children: ReactNode;
}

/**
 * Signed-out pages: Herd's own brand (no firm is known yet), one centred card.
 * The card is a plain panel in the theme's colours, not antd's Card, which
 * would bring its tab bar (antd's Tabs, a menu and a dropdown) into the sign-in
 * page's first download.
 */
export const AuthCard = ({ title, subtitle, footer, width = 460, children }: AuthCardProps) => {
  const { token } = theme.useToken();
  return (
    <Flex
      vertical
      align="center"
      justify="center"
      style={{
        minHeight: '100vh',
        padding: '40px 16px',
        background: 'radial-gradient(1200px 600px at 50% -10%, #e3ebe4 0%, #f4f6f5 55%, #f4f6f5 100%)',
      }}
    >
      <div style={{ marginBottom: 28 }}>
        <BrandMark size={44} withName />
      </div>
      <section
        style={{
          boxSizing: 'border-box',
          width: '100%',
          maxWidth: width,
          padding: 'clamp(24px, 5vw, 36px)',
          background: token.colorBgContainer,
          borderRadius: token.borderRadiusLG,
          boxShadow: '0 10px 40px rgba(31, 42, 36, 0.08), 0 2px 6px rgba(31, 42, 36, 0.04)',
        }}
      >
        <Typography.Title level={3} style={{ margin: 0, fontWeight: 650 }}>
          {title}
        </Typography.Title>
        {subtitle ? (
          <Typography.Paragraph type="secondary" style={{ margin: '6px 0 0' }}>
            {subtitle}
          </Typography.Paragraph>
        ) : null}
        <div style={{ marginTop: 24 }}>{children}</div>
      </section>
      {footer ? <div style={{ marginTop: 24, textAlign: 'center' }}>{footer}</div> : null}
      <Typography.Text type="secondary" style={{ marginTop: 32, fontSize: 13 }}>
        Your clients explain their uncategorized transactions. Your books stay clean.
      </Typography.Text>
    </Flex>
  );
};
