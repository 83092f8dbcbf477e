import { useEffect, useState } from 'react';
import { Flex, Spin, Typography } from 'antd';
import { SPINNER_DELAY_MS } from '@herd/contract';

interface PageSpinnerProps {
  caption?: string;
  /** Milliseconds before anything shows; fast loads never flash a spinner. */
  delayMs?: number;
}

/** A page-level spinner that appears only after 200 ms (a fast page never flashes it), with an optional caption. */
export const PageSpinner = ({ caption, delayMs = SPINNER_DELAY_MS }: PageSpinnerProps) => {
  const [visible, setVisible] = useState(delayMs <= 0);
  useEffect(() => {
    if (delayMs <= 0) return;
    const timer = window.setTimeout(() => setVisible(true), delayMs);
    return () => window.clearTimeout(timer);
  }, [delayMs]);
  if (!visible) return null;
  return (
    <Flex vertical align="center" justify="center" gap={12} style={{ padding: '64px 0' }} role="status" aria-live="polite">
      <Spin size="large" />
      {caption ? <Typography.Text type="secondary">{caption}</Typography.Text> : null}
    </Flex>
  );
};
