import type { ReactNode } from 'react';
import { CloseCircleFilled, ExclamationCircleFilled } from '@ant-design/icons';
import { Flex, theme, Typography } from 'antd';

interface ScreenProblemProps {
  tone: 'warning' | 'error';
  title: string;
  detail: string;
  action: ReactNode;
}

/**
 * A screen that could not be shown: icon, title, what happened, what to do.
 * Laid out like antd's Result, but without it: this is part of the first
 * download (the error boundary around every screen), and Result carries its
 * 403/404/500 illustrations wherever it goes.
 */
export const ScreenProblem = ({ tone, title, detail, action }: ScreenProblemProps) => {
  const { token } = theme.useToken();
  const Icon = tone === 'warning' ? ExclamationCircleFilled : CloseCircleFilled;
  return (
    <Flex vertical align="center" style={{ padding: '48px 32px', textAlign: 'center' }}>
      <Icon aria-hidden style={{ fontSize: 72, color: tone === 'warning' ? token.colorWarning : token.colorError }} />
      <Typography.Title level={3} style={{ margin: '24px 0 8px' }}>
        {title}
      </Typography.Title>
      <Typography.Text type="secondary">{detail}</Typography.Text>
      <div style={{ marginTop: 24 }}>{action}</div>
    </Flex>
  );
};
