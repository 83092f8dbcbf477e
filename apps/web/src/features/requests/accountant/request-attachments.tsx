import { useState } from 'react';
import { Button, Flex, Typography, Upload } from 'antd';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { COMMUNICATION_MAX_ATTACHMENTS, type StoredFile } from '@herd/contract';
import { serverErrorText } from '../../../lib/form-errors';
import { uploadRequestFile } from './api';

interface RequestAttachmentsProps {
  companyPk: number;
  files: StoredFile[];
  onChange: (update: (files: StoredFile[]) => StoredFile[]) => void;
  error: string | null;
}

/** Files shared with the request: each is uploaded to the company as it is chosen, and the request names them when sent. */
export const RequestAttachments = ({ companyPk, files, onChange, error }: RequestAttachmentsProps) => {
  const [uploading, setUploading] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <section aria-label="Attachments">
      <Typography.Text strong>Attachments</Typography.Text>
      <Flex vertical gap={6} style={{ marginTop: 8 }}>
        {files.map((file) => (
          <Flex key={file.pk} gap={8} align="center" justify="space-between">
            <Typography.Text style={{ overflowWrap: 'anywhere' }}>{file.name}</Typography.Text>
            <Button size="small" icon={<DeleteOutlined />} aria-label={`Remove ${file.name}`} onClick={() => onChange((all) => all.filter((f) => f.pk !== file.pk))} />
          </Flex>
        ))}
        {problem || error ? (
          <Typography.Text type="danger" role="alert">
            {problem ?? error}
          </Typography.Text>
        ) : null}
        <Upload
          multiple
          showUploadList={false}
          disabled={files.length >= COMMUNICATION_MAX_ATTACHMENTS}
          customRequest={({ file, onSuccess, onError }) => {
            setUploading((n) => n + 1);
            setProblem(null);
            uploadRequestFile(companyPk, file as File)
              .then(
                (stored) => {
                  onChange((all) => [...all, stored]);
                  onSuccess?.(stored);
                },
                (e: unknown) => {
                  setProblem(`${(file as File).name}: ${serverErrorText(e)}`);
                  onError?.(e as Error);
                },
              )
              .finally(() => setUploading((n) => n - 1));
          }}
        >
          <Button icon={<UploadOutlined />} loading={uploading > 0}>
            Add files
          </Button>
        </Upload>
      </Flex>
    </section>
  );
};
