import type { ReactNode } from 'react';
import { Flex, Skeleton, Typography } from 'antd';

interface PageHeaderProps {
  title: string;
  subtitle?: ReactNode;
  extra?: ReactNode;
  /** Beside the title (a "Sandbox" tag). */
  tags?: ReactNode;
  /** The title is still on its way (a client's name): a skeleton stands in, never a stand-in word like "Client". */
  loading?: boolean;
}

/** The heading every signed-in page starts with. */
export const PageHeader = ({ title, subtitle, extra, tags, loading = false }: PageHeaderProps) => (
  <Flex justify="space-between" align="flex-start" gap={16} wrap style={{ marginBottom: 24 }}>
    <div>
      <Flex align="center" gap={10} wrap>
        {loading ? (
          <span role="status" aria-label="Loading" data-testid="page-title-skeleton">
            <Skeleton.Input active size="large" style={{ width: 240 }} />
          </span>
        ) : (
          <Typography.Title level={2} style={{ margin: 0, fontSize: 26, fontWeight: 650 }}>
            {title}
          </Typography.Title>
        )}
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
