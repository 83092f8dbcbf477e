import type { ReactNode } from 'react';
import { App, Button, Flex, Typography, Upload } from 'antd';
import { CloseOutlined, PaperClipOutlined } from '@ant-design/icons';
import type { Transaction } from '@herd/contract';
import { ERROR_MESSAGE_DURATION_S, useServerError } from '../../../ui/use-server-error';
import { ChangesOnly } from '../../billing/read-only-guard';
import { useAddAttachment, useRemoveAttachment } from '../api';
import { attachmentRefusal, isPhotoOrPdf, notAReceipt } from '../attachment-file';
import { AttachmentThumbnail } from './attachment-thumbnail';
import { RequiredMark, RequiredNote } from './required-mark';

interface AttachmentsPanelProps {
  transaction: Transaction;
  companyPk: number;
  canEdit: boolean;
  /** Marked as the company's rule asks: an attachment is needed to finish. */
  required?: boolean;
  /** The server's refusal about attachments ("An attachment is required."), said under them. */
  error?: string;
  /** Said under the files (the files the ledger already holds). */
  note?: ReactNode;
}

/**
 * The transaction's files. The remove control shows only on what this user may
 * remove (`removable`, decided by the server with the delete's own rule): a
 * client never sees it on the accountant's files, nor where attachments are
 * not client-editable.
 */
export const AttachmentsPanel = ({ transaction, companyPk, canEdit, required = false, error, note }: AttachmentsPanelProps) => {
  const add = useAddAttachment(transaction.pk, companyPk);
  const remove = useRemoveAttachment(transaction.pk, companyPk);
  const showError = useServerError();
  const { message } = App.useApp();
  const fail = (error: unknown) => showError(error);
  const attach = (file: File) => {
    // A file that is plainly not a photo or a PDF is not sent at all.
    if (!isPhotoOrPdf(file)) return void message.error({ content: notAReceipt(file.name), duration: ERROR_MESSAGE_DURATION_S });
    add.mutate(file, {
      onError: (error) => {
        const refusal = attachmentRefusal(file, error);
        if (refusal) void message.error({ content: refusal, duration: ERROR_MESSAGE_DURATION_S });
        else fail(error);
      },
    });
  };

  return (
    <section aria-label="Attachments">
      <Typography.Text strong>{required ? <RequiredMark /> : null}Attachments</Typography.Text>
      {required ? <RequiredNote /> : null}
      <ChangesOnly>
        <Flex gap={12} wrap style={{ marginTop: 8 }}>
          {transaction.attachments.map((attachment) => (
            <div key={attachment.pk} style={{ position: 'relative' }} data-testid="attachment">
              <a href={attachment.url} target="_blank" rel="noreferrer" title={attachment.name}>
                <AttachmentThumbnail attachment={attachment} />
              </a>
              {canEdit && attachment.removable ? (
                <Button
                  size="small"
                  shape="circle"
                  icon={<CloseOutlined />}
                  aria-label={`Remove ${attachment.name}`}
                  style={{ position: 'absolute', top: -8, right: -8 }}
                  loading={remove.isPending && remove.variables === attachment.pk}
                  onClick={() => remove.mutate(attachment.pk, { onError: fail })}
                />
              ) : null}
            </div>
          ))}
          {canEdit ? (
            <Upload showUploadList={false} accept="image/*,application/pdf" customRequest={({ file }) => attach(file as File)}>
              <Button icon={<PaperClipOutlined />} loading={add.isPending} style={{ height: 72 }}>
                Attach a receipt
              </Button>
            </Upload>
          ) : null}
          {!canEdit && transaction.attachments.length === 0 ? <Typography.Text type="secondary">None</Typography.Text> : null}
        </Flex>
      </ChangesOnly>
      {note}
      {error ? (
        <Typography.Text type="danger" role="alert" style={{ display: 'block', marginTop: 8 }}>
          {error}
        </Typography.Text>
      ) : null}
    </section>
  );
};
