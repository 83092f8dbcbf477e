import { InboxOutlined } from '@ant-design/icons';
import { Typography, Upload } from 'antd';
import { RECEIPT_UPLOAD_MAX_FILES } from '@herd/contract';
import { RECEIPT_ACCEPT } from './receipt-words';

interface ReceiptDropZoneProps {
  /** Called once per selection or drop, with every file of it. */
  onFiles: (files: File[]) => void;
  busy: boolean;
  disabled?: boolean;
}

/**
 * Where receipts are dropped or picked, several at once. The files go
 * straight up as one upload (the server refuses the whole selection when one
 * file is bad, so the person fixes it and sends again); nothing is kept here.
 */
export const ReceiptDropZone = ({ onFiles, busy, disabled = false }: ReceiptDropZoneProps) => (
  <Upload.Dragger
    multiple
    accept={RECEIPT_ACCEPT}
    showUploadList={false}
    disabled={disabled || busy}
    // antd asks once per file with the whole selection: send the selection once, at its last file.
    beforeUpload={(file, selection) => {
      if (file === selection[selection.length - 1]) onFiles(selection);
      return Upload.LIST_IGNORE;
    }}
    aria-label="Upload receipts"
  >
    <p className="ant-upload-drag-icon">
      <InboxOutlined />
    </p>
    <Typography.Text strong>{busy ? 'Uploading…' : 'Drop receipts here, or click to choose'}</Typography.Text>
    <br />
    <Typography.Text type="secondary">Photos (JPEG, PNG, HEIC) or PDFs, up to {RECEIPT_UPLOAD_MAX_FILES} at a time.</Typography.Text>
  </Upload.Dragger>
);
