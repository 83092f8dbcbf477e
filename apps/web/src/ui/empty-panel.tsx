import type { ReactNode } from 'react';
import { Card, Empty, Typography } from 'antd';

interface EmptyPanelProps {
  title: string;
  description?: ReactNode;
  children?: ReactNode;
}

/** An honest empty state inside a card: what will appear here and, when there is one, what to do. */
export const EmptyPanel = ({ title, description, children }: EmptyPanelProps) => (
  <Card variant="outlined" styles={{ body: { padding: '56px 24px' } }}>
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={
        <>
          <Typography.Title level={4} style={{ margin: '8px 0 4px' }}>
            {title}
          </Typography.Title>
          {description ? (
            <Typography.Paragraph type="secondary" style={{ maxWidth: 460, margin: '0 auto' }}>
              {description}
            </Typography.Paragraph>
          ) : null}
        </>
      }
    >
      {children}
    </Empty>
  </Card>
);
