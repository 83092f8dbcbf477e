import { Button, Typography } from 'antd';
import { DownOutlined, FileImageOutlined } from '@ant-design/icons';
import { useClientReceiptCounters } from '../../receipts/client/client-receipts-api';

/** The receipts card's anchor on the company page, for the phone's shortcut to it. */
export const RECEIPTS_ANCHOR = 'company-receipts';

/**
 * On a phone the receipts card sits below the whole transactions list: this one-line shortcut at the
 * top says how many receipts wait and takes the client to the card (its upload first), so a photo of
 * a receipt is one tap away without moving the transactions out of their place.
 */
export const ReceiptsShortcut = ({ companyPk }: { companyPk: number }) => {
  const counters = useClientReceiptCounters(companyPk);
  const open = counters.data?.active;
  return (
    <Button
      block
      size="large"
      icon={<FileImageOutlined />}
      onClick={() => document.getElementById(RECEIPTS_ANCHOR)?.scrollIntoView?.({ block: 'start' })}
      style={{ display: 'flex', justifyContent: 'space-between', minHeight: 48 }}
    >
      <span style={{ flex: 1, textAlign: 'start' }}>
        {/* Named by its words ("Receipts (3) waiting"), so what a voice command says is what it shows. */}
        Receipts{open ? ` (${open})` : ''}{' '}
        <Typography.Text type="secondary" style={{ marginInlineStart: 4, fontSize: 13 }}>
          {open ? 'waiting' : 'add a photo'}
        </Typography.Text>
      </span>
      <DownOutlined />
    </Button>
  );
};
