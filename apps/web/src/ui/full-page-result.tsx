import type { ReactNode } from 'react';
import { Flex, Result } from 'antd';
import type { ResultProps } from 'antd';
import { BrandMark } from './brand-mark';

interface FullPageResultProps {
  status?: ResultProps['status'];
  title: ReactNode;
  subTitle?: ReactNode;
  extra?: ReactNode;
  children?: ReactNode;
}

/** Whole-screen outcome pages (not found, permission denied, service down, version). */
export const FullPageResult = ({ status, title, subTitle, extra, children }: FullPageResultProps) => (
  <Flex vertical align="center" justify="center" style={{ minHeight: '100vh', padding: 24, background: '#f5f7f6' }}>
    <BrandMark size={36} withName />
    <Result status={status} title={title} subTitle={subTitle} extra={extra} style={{ maxWidth: 560 }}>
      {children}
    </Result>
  </Flex>
);
