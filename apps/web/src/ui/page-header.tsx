import type { ReactNode } from 'react';
import { Flex, Typography } from 'antd';

interface PageHeaderProps {
  title: string;
  subtitle?: ReactNode;
  extra?: ReactNode;
  /** Beside the title (a "Sandbox" tag). */
  tags?: ReactNode;
}

/** The heading every signed-in page starts with. */
export const PageHeader = ({ title, subtitle, extra, tags }: PageHeaderProps) => (
  <Flex justify="space-between" align="flex-start" gap={16} wrap style={{ marginBottom: 24 }}>
    <div>
      <Flex align="center" gap={10} wrap>
        <Typography.Title level={2} style={{ margin: 0, fontSize: 26, fontWeight: 650 }}>
          {title}
        </Typography.Title>
        {tags}
      </Flex>
      {subtitle ? (
        <Typography.Paragraph type="secondary" style={{ margin: '6px 0 0', fontSize: 15 }}>
          {subtitle}
        </Typography.Paragraph>
      ) : null}
    </div>
    {extra}
  </Flex>
);
