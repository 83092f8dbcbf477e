import { Typography } from 'antd';
import { CloudOutlined } from '@ant-design/icons';
import { useOwnCompany } from '../../client-side/api';
import { useXeroAttachments } from '../../xero/api';

/**
 * On a client's transaction of a Xero company: the files Xero already holds, so the client does not
 * send them again. Nothing at all when there are none, or when Xero's could not be read.
 */
export const XeroAttachmentsNote = ({ transactionPk, companyPk }: { transactionPk: number; companyPk: number }) => {
  // The company page has read it already: no request of its own.
  const company = useOwnCompany(companyPk);
  const xero = company.data?.connection_kind === 'XERO';
  const held = useXeroAttachments(transactionPk, xero);
  const files = held.data?.attachments ?? [];
  if (!xero || files.length === 0) return null;
  return (
    <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0', overflowWrap: 'anywhere' }} data-testid="xero-attachments">
      <CloudOutlined style={{ marginInlineEnd: 6 }} />
      Already in Xero: {files.map((file) => file.file_name).join(', ')}. No need to attach {files.length === 1 ? 'it' : 'them'} again.
    </Typography.Paragraph>
  );
};
