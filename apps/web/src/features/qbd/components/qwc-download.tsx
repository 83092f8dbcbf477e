import { useState } from 'react';
import { Button, Flex, InputNumber, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { QBD_RUN_EVERY_MINUTES, type QbdConnector } from '@herd/contract/qbd';
import { qwcDownloadUrl, useRefreshAfterDownload } from '../api';

const isInterval = (value: number | null): value is number =>
  value !== null && Number.isInteger(value) && value >= QBD_RUN_EVERY_MINUTES.min && value <= QBD_RUN_EVERY_MINUTES.max;

/** Step 1: how often the Web Connector runs, and the .qwc file that tells it so (Herd keeps the interval it was downloaded with). */
export const QwcDownload = ({ connector }: { connector: QbdConnector }) => {
  const [minutes, setMinutes] = useState<number | null>(connector.run_every_minutes || QBD_RUN_EVERY_MINUTES.default);
  const valid = isInterval(minutes);
  const refreshSoon = useRefreshAfterDownload(connector.client_company);
  return (
    <Flex vertical gap={8} align="flex-start">
      <Flex gap={8} wrap align="center">
        <label htmlFor="qbd-qwc-minutes">Run every</label>
        <InputNumber
          id="qbd-qwc-minutes"
          min={QBD_RUN_EVERY_MINUTES.min}
          max={QBD_RUN_EVERY_MINUTES.max}
          precision={0}
          value={minutes}
          onChange={(value) => setMinutes(value)}
          status={valid ? undefined : 'error'}
          style={{ width: 96 }}
        />
        <span>minutes</span>
      </Flex>
      {valid ? null : (
        <Typography.Text type="danger" role="alert">
          Enter a whole number of minutes from {QBD_RUN_EVERY_MINUTES.min} to {QBD_RUN_EVERY_MINUTES.max} (a day).
        </Typography.Text>
      )}
      {/* A plain link: the browser downloads the file with the session cookie. A download only reads, so it stays enabled when the firm is read-only. */}
      <Button icon={<DownloadOutlined />} href={valid ? qwcDownloadUrl(connector.client_company, minutes) : undefined} download disabled={!valid} onClick={refreshSoon}>
        Download the .qwc file
      </Button>
    </Flex>
  );
};
