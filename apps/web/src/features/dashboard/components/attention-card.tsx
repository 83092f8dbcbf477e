import type { ReactNode } from 'react';
import { Card, Flex, List, Result, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import type { ClientCompany } from '@herd/contract';
import { countText } from '../../../lib/format';
import { buildPath } from '../../../lib/path-builder';
import { routes } from '../../../lib/routes';
import { ConnectionTags } from '../../../ui/connection-tags';

/** Rows listed per group; the rest are counted, with a link to the full list. */
const SHOWN = 6;

interface Attention {
  connection: ClientCompany[];
  noUsers: ClientCompany[];
}

/** What can be known to need the firm's hand today: broken connections, and clients nobody can answer for. */
export const attentionOf = (clients: readonly ClientCompany[]): Attention => ({
  connection: clients.filter((c) => c.connection_state === 'DISCONNECTED' || c.connection_state === 'NEEDS_REAUTH'),
  noUsers: clients.filter((c) => c.client_users_count === 0),
});

const settingsOf = (company: ClientCompany) => buildPath(routes.settings.accountantClient, { clientPk: company.pk });

const Group = ({ title, hint, rows, action }: { title: string; hint: string; rows: ClientCompany[]; action: (c: ClientCompany) => ReactNode }) => (
  <section aria-label={title}>
    <Flex align="baseline" gap={8} style={{ marginBottom: 4 }}>
      <Typography.Title level={5} style={{ margin: 0 }}>
        {title}
      </Typography.Title>
      <Tag color="warning">{rows.length}</Tag>
    </Flex>
    <Typography.Text type="secondary">{hint}</Typography.Text>
    <List
      size="small"
      dataSource={rows.slice(0, SHOWN)}
      renderItem={(company) => (
        <List.Item actions={[action(company)]}>
          <Flex align="center" gap={10} wrap>
            <Link to={settingsOf(company)} style={{ fontWeight: 600 }}>
              {company.name}
            </Link>
            <ConnectionTags kind={company.connection_kind} state={company.connection_state} />
          </Flex>
        </List.Item>
      )}
    />
    {rows.length > SHOWN ? (
      <Link to={routes.accountant.clients}>and {countText(rows.length - SHOWN, 'more client', 'more clients')}</Link>
    ) : null}
  </section>
);

interface AttentionCardProps {
  clients: readonly ClientCompany[];
  /** False when the firm has more clients than were read. */
  complete: boolean;
}

export const AttentionCard = ({ clients, complete }: AttentionCardProps) => {
  const { connection, noUsers } = attentionOf(clients);
  const partial = complete ? null : (
    <Typography.Paragraph type="secondary" style={{ margin: '16px 0 0' }}>
      Checked your first {clients.length} clients.
    </Typography.Paragraph>
  );
  if (connection.length === 0 && noUsers.length === 0) {
    return (
      <Card title="Needs your attention" variant="outlined">
        <Result
          status="success"
          title="All caught up"
          subTitle="Every client is connected and has someone to answer your questions."
          style={{ padding: '16px 0' }}
        />
        {partial}
      </Card>
    );
  }
  return (
    <Card title="Needs your attention" variant="outlined">
      <Flex vertical gap={24}>
        {connection.length > 0 ? (
          <Group
            title="Connection problems"
            hint="Herd cannot sync these clients’ ledgers."
            rows={connection}
            action={(company) => <Link to={settingsOf(company)}>Open settings</Link>}
          />
        ) : null}
        {noUsers.length > 0 ? (
          <Group
            title="Nobody to answer yet"
            hint="These clients have no client users, so nobody gets your questions."
            rows={noUsers}
            action={(company) => <Link to={settingsOf(company)}>Invite someone</Link>}
          />
        ) : null}
      </Flex>
      {partial}
    </Card>
  );
};
