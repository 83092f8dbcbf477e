import { Button, Card, Flex, Typography } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { PageSpinner } from '../../../ui/page-spinner';
import { QueryError } from '../../../ui/query-error';
import { useLinkCopier } from '../../../ui/use-link-copier';
import { useReceiptAddresses } from './client-receipts-api';

const AddressLine = ({ label, address, onCopy }: { label: string; address: string; onCopy: () => void }) => (
  <Flex vertical gap={4} data-testid="receipt-address">
    <Typography.Text type="secondary">{label}</Typography.Text>
    <Flex gap={8} align="center" wrap>
      <Typography.Text code style={{ overflowWrap: 'anywhere', minWidth: 0, flex: '1 1 200px' }}>
        {address}
      </Typography.Text>
      <Button icon={<CopyOutlined />} onClick={onCopy} aria-label={`Copy ${address}`}>
        Copy
      </Button>
    </Flex>
  </Flex>
);

/**
 * The client's personal receipts address: anything sent to it (a photo, a shop's emailed receipt)
 * files into their company. With several companies, each has its own address as well.
 */
export const ReceiptAddressCard = () => {
  const addresses = useReceiptAddresses();
  const copier = useLinkCopier();
  if (addresses.isPending) return <PageSpinner caption="Loading your receipts address…" />;
  if (addresses.isError) return <QueryError error={addresses.error} title="Could not load your receipts address" onRetry={() => void addresses.refetch()} />;
  const { address, default_company: usual, companies, text_number: textNumber } = addresses.data;
  const several = companies.length > 1;
  return (
    <Card title="Send us your receipts">
      <Flex vertical gap={16}>
        <Typography.Paragraph style={{ margin: 0 }}>
          Send or forward receipts, as photos or PDFs attached, to your own address. Anyone may send to it, so you can give it to shops and apps that email receipts.
        </Typography.Paragraph>
        <AddressLine
          label={usual ? `Files into ${usual.name}` : 'Your receipts address'}
          address={address}
          onCopy={() => void copier.copy(address, 'Receipts address')}
        />
        {several
          ? companies.map((company) => (
              <AddressLine
                key={company.pk}
                label={`Files into ${company.name}`}
                address={company.address}
                onCopy={() => void copier.copy(company.address, `Receipts address for ${company.name}`)}
              />
            ))
          : null}
        <Typography.Paragraph style={{ margin: 0 }}>
          Or text a photo of the receipt to{' '}
          <Typography.Link href={`sms:${textNumber}`} strong>
            {textNumber}
          </Typography.Link>{' '}
          from the phone number on your profile{usual ? `; it files into ${usual.name}` : ''}.
        </Typography.Paragraph>
      </Flex>
      {copier.element}
    </Card>
  );
};
