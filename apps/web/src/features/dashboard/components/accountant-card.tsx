import { Avatar, Card, Flex, Typography } from 'antd';
import { MailOutlined, PhoneOutlined } from '@ant-design/icons';
import { DEFAULT_MAIN_COLOR, type MyAccountant } from '@herd/contract';
import { normaliseHex, readableTextOn } from '../../../lib/color';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('');

interface AccountantCardProps {
  accountant: MyAccountant | undefined;
  loading: boolean;
  error: string | null;
}

/** Who to ask at the firm: the client's assigned accountant, else the firm's admin. */
export const AccountantCard = ({ accountant, loading, error }: AccountantCardProps) => {
  const firm = accountant?.firm;
  const color = normaliseHex(firm?.main_color) ?? DEFAULT_MAIN_COLOR;
  const contact = accountant?.contact ?? null;
  return (
    <Card title="Your accountant" variant="outlined" loading={loading} aria-label="Your accountant">
      {error ? (
        <Typography.Text type="danger">Could not load your accountant’s details: {error}</Typography.Text>
      ) : firm ? (
        <Flex vertical gap={16}>
          <Flex align="center" gap={12}>
            {firm.logo ? (
              <Avatar shape="square" size={48} src={firm.logo} alt={`${firm.company_name} logo`} style={{ background: '#fff', flex: 'none' }} />
            ) : (
              <Avatar shape="square" size={48} style={{ background: color, color: readableTextOn(color), fontWeight: 700, flex: 'none' }}>
                {initials(firm.company_name)}
              </Avatar>
            )}
            <Typography.Text strong style={{ fontSize: 16 }}>
              {firm.company_name}
            </Typography.Text>
          </Flex>
          {contact ? (
            <Flex vertical gap={6}>
              <Typography.Text>{contact.name || contact.email}</Typography.Text>
              <Typography.Link href={`mailto:${contact.email}`}>
                <MailOutlined /> {contact.email}
              </Typography.Link>
              {contact.phone ? (
                <Typography.Link href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`}>
                  <PhoneOutlined /> {contact.phone}
                </Typography.Link>
              ) : null}
            </Flex>
          ) : (
            <Typography.Text type="secondary">Your firm has not named a contact for you yet.</Typography.Text>
          )}
        </Flex>
      ) : null}
    </Card>
  );
};
