import { useRef, useState } from 'react';
import { Button, Flex, Typography, Upload } from 'antd';
import { CloseCircleFilled, CloseOutlined, DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { COMMUNICATION_MAX_ATTACHMENTS, type StoredFile } from '@herd/contract';
import { serverErrorText } from '../../../lib/form-errors';
import { uploadRequestFile } from './api';

interface RequestAttachmentsProps {
  companyPk: number;
  files: StoredFile[];
  onChange: (update: (files: StoredFile[]) => StoredFile[]) => void;
  /** The server's refusal of the attachments as sent with the request (not of one file chosen). */
  error: string | null;
}

/** A chosen file the server would not store, with its words. */
interface Refused {
  id: number;
  name: string;
  reason: string;
}

/**
 * Files shared with the request: each is uploaded to the company as it is chosen, and the request names them when sent.
 * A file the server refuses is listed with its own reason until dismissed or chosen again, so several refused at once
 * each say why (one line for all kept only the last).
 */
export const RequestAttachments = ({ companyPk, files, onChange, error }: RequestAttachmentsProps) => {
  const [uploading, setUploading] = useState(0);
  const [refused, setRefused] = useState<Refused[]>([]);
  const nextId = useRef(1);
  const dismiss = (id: number) => setRefused((all) => all.filter((r) => r.id !== id));
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
        {refused.map((r) => (
          <Flex key={r.id} gap={8} align="flex-start" data-testid="refused-attachment">
            <span style={{ paddingTop: 2 }}>
              <CloseCircleFilled aria-label="Refused" style={{ color: '#b42318' }} />
            </span>
            <Flex vertical style={{ minWidth: 0, flex: 1 }}>
              <Typography.Text style={{ overflowWrap: 'anywhere' }}>{r.name}</Typography.Text>
              <Typography.Text type="danger" role="alert" style={{ fontSize: 13, overflowWrap: 'anywhere' }}>
                {r.reason}
              </Typography.Text>
            </Flex>
            <Button type="text" size="small" icon={<CloseOutlined />} aria-label={`Dismiss ${r.name}`} onClick={() => dismiss(r.id)} />
          </Flex>
        ))}
        {error ? (
          <Typography.Text type="danger" role="alert">
            {error}
          </Typography.Text>
        ) : null}
        <Upload
          multiple
          showUploadList={false}
          disabled={files.length >= COMMUNICATION_MAX_ATTACHMENTS}
          customRequest={({ file, onSuccess, onError }) => {
            const chosen = file as File;
            // Chosen again: its earlier refusal no longer says where it stands.
            setRefused((all) => all.filter((r) => r.name !== chosen.name));
            setUploading((n) => n + 1);
            uploadRequestFile(companyPk, chosen)
              .then(
                (stored) => {
                  onChange((all) => [...all, stored]);
                  onSuccess?.(stored);
                },
                (e: unknown) => {
                  setRefused((all) => [...all, { id: nextId.current++, name: chosen.name, reason: serverErrorText(e) }]);
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
