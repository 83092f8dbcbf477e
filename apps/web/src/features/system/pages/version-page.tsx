import { Card, Descriptions, Flex, Typography } from 'antd';
import { usePageTitle } from '../../../lib/use-page-title';
import { BrandMark } from '../../../ui/brand-mark';

export const APP_VERSION = __APP_VERSION__;
export const APP_COMMIT = __APP_COMMIT__;

/** /version: which build is running, for support requests. */
export const VersionPage = () => {
  usePageTitle('Version');
  return (
    <Flex vertical align="center" justify="center" gap={28} style={{ minHeight: '100vh', padding: 24, background: '#f4f6f5' }}>
      <BrandMark size={36} withName />
      <Card variant="borderless" style={{ width: '100%', maxWidth: 420 }}>
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          Herd web app
        </Typography.Title>
        <Descriptions
          column={1}
          bordered
          size="small"
          items={[
            { key: 'version', label: 'Version', children: <span data-testid="app-version">{APP_VERSION}</span> },
            { key: 'commit', label: 'Commit', children: <code data-testid="app-commit">{APP_COMMIT}</code> },
          ]}
        />
      </Card>
    </Flex>
  );
};
