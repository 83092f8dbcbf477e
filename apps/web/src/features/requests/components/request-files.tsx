import { Flex, Typography } from 'antd';
import { PaperClipOutlined } from '@ant-design/icons';
import type { StoredFile } from '@herd/contract';

/** Files as download links (the server checks who may fetch each). */
export const RequestFiles = ({ files, empty = 'No files.' }: { files: StoredFile[]; empty?: string }) =>
  files.length === 0 ? (
    <Typography.Text type="secondary">{empty}</Typography.Text>
  ) : (
    <Flex vertical gap={4}>
      {files.map((file) => (
        <Typography.Link key={file.pk} href={file.url} download={file.name} style={{ overflowWrap: 'anywhere' }}>
          <PaperClipOutlined /> {file.name}
        </Typography.Link>
      ))}
    </Flex>
  );
