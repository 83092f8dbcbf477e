import { Flex } from 'antd';
import { BrandMark } from '../../../ui/brand-mark';
import { NotFoundResult } from '../../../ui/not-found-result';

/** Any address that is not a screen. */
export const NotFoundPage = () => (
  <Flex vertical align="center" justify="center" style={{ minHeight: '100vh', padding: 24, background: '#f4f6f5' }}>
    <BrandMark size={36} withName />
    <NotFoundResult />
  </Flex>
);
