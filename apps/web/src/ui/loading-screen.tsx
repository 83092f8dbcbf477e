import { Flex, Spin, Typography } from 'antd';
import { LOADING_TEXT } from '@herd/contract/constants';
import { BrandMark } from './brand-mark';

/** Full-screen wait while the session is verified or a screen's code loads. */
export const LoadingScreen = () => (
  <Flex vertical align="center" justify="center" gap={20} role="status" aria-live="polite" style={{ position: 'fixed', inset: 0, background: '#f5f7f6', zIndex: 1000 }}>
    <BrandMark size={56} />
    <Spin size="large" />
    <Typography.Text type="secondary" style={{ fontSize: 16 }}>
      {LOADING_TEXT}
    </Typography.Text>
  </Flex>
);
